package generators

import (
	"strings"
	"testing"
)

// FuzzControllerGenCRD: whatever a file in --crd-dir holds, reading it as
// controller-gen's CRD never panics, and what it accepts is one
// CustomResourceDefinition of the name asked for with controller-gen's
// annotation, whose line is a line of the file.
func FuzzControllerGenCRD(f *testing.F) {
	const crd = "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: v0.20.1\n  name: widgets.example.com\nspec:\n  group: example.com\n"
	for _, seed := range []string{
		crd,
		"# a header\n" + crd,
		crd + "---\napiVersion: v1\nkind: ConfigMap\n",
		strings.Replace(crd, "  annotations:\n    controller-gen.kubebuilder.io/version: v0.20.1\n", "  annotations: 3\n", 1),
		strings.Replace(crd, "metadata:\n", "metadata: [1]\nx:\n", 1),
		"metadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: 1\n",
		"- a\n- b\n", "{", "", "---\n---\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		version, line, doc, ok := controllerGenCRD(src, "widgets.example.com")
		if !ok {
			return
		}
		if doc == nil || line < 1 || line > strings.Count(string(src), "\n")+1 {
			t.Fatalf("accepted with doc %v, line %d of %q", doc, line, src)
		}
		if !strings.Contains(string(src), "CustomResourceDefinition") || !strings.Contains(string(src), "widgets.example.com") || !strings.Contains(string(src), version) {
			t.Fatalf("accepted %q as widgets.example.com's CRD of controller-gen %q", src, version)
		}
	})
}
