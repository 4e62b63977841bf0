package generators_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// A kubebuilder project switches by pointing --crd-dir at the directory
// controller-gen wrote. Its CRDs there are replaced in place, as
// controller-gen replaces them, and, when the run follows another
// controller-gen version than the one that wrote them and changes them, a
// warning says which and gives the flag; a file that is not one CRD
// controller-gen wrote under the same name is still refused.
func TestReplacesControllerGenCRDs(t *testing.T) {
	const doc = "// +groupName=switch.example.com\npackage v1\n"
	// Widget's and Gadget's CRDs differ before v0.22, which counted an
	// AtMostOneOf's fields with a list filter; Doohickey's is every
	// version's.
	const types = "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Gadget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Doohickey struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n\n" +
		"// +kubebuilder:validation:AtMostOneOf=a;b\ntype Spec struct {\n\tA *string `json:\"a,omitempty\"`\n\tB *string `json:\"b,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	// controllerGen is a CRD as controller-gen writes it, its annotation on
	// line 6 (not the one the run writes: its spec differs).
	controllerGen := func(name, version string) string {
		return "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: " + version +
			"\n  name: " + name + "\nspec:\n  group: switch.example.com\n  names:\n    kind: Widget\n    plural: widgets\n  scope: Namespaced\n  versions: []\n"
	}
	const widgets, gadgets, doohickeys = "switch.example.com_widgets.yaml", "switch.example.com_gadgets.yaml", "switch.example.com_doohickeys.yaml"
	run := func(t *testing.T, files map[string]string, cgVersion string, strict bool) (map[string]bool, []string, error) {
		t.Helper()
		crds := t.TempDir()
		for name, c := range files {
			if err := os.WriteFile(filepath.Join(crds, name), []byte(c), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds, ControllerGenVersion: cgVersion, Strict: strict})
		written := map[string]bool{}
		for _, o := range outs {
			if filepath.Dir(o.Path) == crds && o.Content != nil {
				written[filepath.Base(o.Path)] = true
			}
		}
		var ws []string
		for _, w := range warnings {
			if w.Kind == "controller-gen-version" {
				ws = append(ws, strings.ReplaceAll(w.Error(), crds+string(filepath.Separator), ""))
			}
		}
		return written, ws, err
	}
	for _, c := range []struct {
		name      string
		files     map[string]string
		cgVersion string
		want      []string // the controller-gen-version warnings
	}{
		{"older version", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.20.1"), gadgets: controllerGen("gadgets.switch.example.com", "v0.20.1"), doohickeys: controllerGen("doohickeys.switch.example.com", "v0.20.1")}, "", []string{
			`switch.example.com_gadgets.yaml:6: controller-gen v0.20.1 wrote this CRD and 1 more in `}},
		// The CRD differs from the committed one, but not for the version:
		// the flag would not mend it.
		{"a version that does not matter", map[string]string{doohickeys: controllerGen("doohickeys.switch.example.com", "v0.20.1")}, "", nil},
		{"a version that matters from v0.22", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.22.0")}, "", nil},
		{"the version given", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.20.1")}, "v0.20.1", nil},
		{"another version given", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.20.1")}, "v0.23.0", nil},
		{"the version followed", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.23.2")}, "", nil},
		{"two versions", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.18.0"), gadgets: controllerGen("gadgets.switch.example.com", "v0.20.1")}, "", []string{
			`switch.example.com_gadgets.yaml:6: controller-gen v0.20.1 wrote this CRD; the run writes controller-gen v0.23.0's CRDs, which differ from v0.20.1's for these types (docs/kubebuilder.md, "Which controller-gen", lists where versions differ); fix: add --controller-gen-version=v0.20.1 to the command to keep writing that version's CRDs, or --controller-gen-version=v0.23.0 to move to v0.23.0's`,
			`switch.example.com_widgets.yaml:6: controller-gen v0.18.0 wrote this CRD; the run writes`}},
		{"too old", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.13.0")}, "", []string{
			`switch.example.com_widgets.yaml:6: controller-gen v0.13.0 wrote this CRD, and the run writes it otherwise: it writes controller-gen v0.23.0's CRDs, and v0.13.0 is older than v0.14.0, the oldest version whose CRDs validation-gen writes (before it, a comment's lines were joined with spaces); fix: add --controller-gen-version=v0.14.0 to the command for the oldest version's CRDs, or --controller-gen-version=v0.23.0 to move to v0.23.0's`}},
		// An apiextensions.k8s.io/v1beta1 CRD (volcano's, of v0.6.0) becomes a v1 CRD: said.
		{"too old, v1beta1", map[string]string{widgets: strings.Replace(controllerGen("widgets.switch.example.com", "v0.6.0"), "apiextensions.k8s.io/v1\n", "apiextensions.k8s.io/v1beta1\n", 1)}, "", []string{
			`switch.example.com_widgets.yaml:6: controller-gen v0.6.0 wrote this CRD, and the run writes it otherwise: it writes controller-gen v0.23.0's CRDs, and v0.6.0 is older than v0.14.0, the oldest version whose CRDs validation-gen writes (before it, a comment's lines were joined with spaces); and an apiextensions.k8s.io/v1beta1 CRD among them becomes an apiextensions.k8s.io/v1 CRD (the API server serves v1beta1 CRDs no more since Kubernetes 1.22); fix: add --controller-gen-version=v0.14.0`}},
		{"newer", map[string]string{widgets: controllerGen("widgets.switch.example.com", "v0.25.0")}, "", []string{
			`switch.example.com_widgets.yaml:6: controller-gen v0.25.0 wrote this CRD, and the run writes it otherwise: it writes controller-gen v0.23.0's CRDs, the newest version this validation-gen follows, and v0.25.0 may write otherwise; fix: update validation-gen to a release that follows controller-gen v0.25.0, or add --controller-gen-version=v0.23.0 to the command to accept v0.23.0's CRDs`}},
		// v0.16.0's own CRDs are not written (controller-tools issue
		// 1034): every changed CRD is named, as of a version not followed.
		{"v0.16.0", map[string]string{doohickeys: controllerGen("doohickeys.switch.example.com", "v0.16.0")}, "", []string{
			"switch.example.com_doohickeys.yaml:6: controller-gen v0.16.0 wrote this CRD, and the run writes it otherwise: it writes controller-gen v0.23.0's CRDs, and writes v0.16.0's as v0.16.1 does, since v0.16.0 wrote the default of a corev1.Protocol field twice and on fields without one (controller-tools issue 1034), which the API server rejects; fix: add --controller-gen-version=v0.16.1 to the command for v0.16's CRDs, or --controller-gen-version=v0.23.0 to move to v0.23.0's"}},
		{"a development build", map[string]string{widgets: controllerGen("widgets.switch.example.com", "(devel)")}, "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			written, ws, err := run(t, c.files, c.cgVersion, false)
			if err != nil {
				t.Fatal(err)
			}
			if !written[widgets] || !written[gadgets] {
				t.Errorf("the CRDs are not both written: %v", written)
			}
			if len(ws) != len(c.want) {
				t.Fatalf("controller-gen-version warnings:\n%s\nwant %d", strings.Join(ws, "\n"), len(c.want))
			}
			for i, w := range c.want {
				if !strings.HasPrefix(ws[i], w) {
					t.Errorf("warning\n%s\nwant it to start with\n%s", ws[i], w)
				}
				if strings.Contains(w, "more in") && !strings.HasSuffix(ws[i], "; the run writes controller-gen v0.23.0's CRDs, which differ from v0.20.1's for these types (docs/kubebuilder.md, \"Which controller-gen\", lists where versions differ); fix: add --controller-gen-version=v0.20.1 to the command to keep writing that version's CRDs, or --controller-gen-version=v0.23.0 to move to v0.23.0's") {
					t.Errorf("warning\n%s\ndoes not say the CRDs differ", ws[i])
				}
			}
			if len(c.want) == 0 {
				return
			}
			// --strict: the warning is an error, and nothing is written.
			written, _, err = run(t, c.files, c.cgVersion, true)
			if err == nil || !strings.Contains(err.Error(), "--controller-gen-version=") || !strings.Contains(err.Error(), "--strict makes this warning an error") || len(written) != 0 {
				t.Errorf("--strict: want an error with the flag and nothing written, got %v, %v", written, err)
			}
		})
	}
	// The CRDs the run writes, under controller-gen v0.20.1's annotation (no
	// header): replaced, and nothing changes that a warning would explain.
	empty := t.TempDir()
	outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: empty})
	if err != nil {
		t.Fatal(err)
	}
	same := map[string]string{}
	for _, o := range outs {
		if filepath.Dir(o.Path) == empty {
			_, body, _ := strings.Cut(string(o.Content), "\n---\n")
			same[filepath.Base(o.Path)] = "---\n" + strings.Replace(body, "metadata:\n", "metadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: v0.20.1\n", 1)
		}
	}
	if len(same) != 3 {
		t.Fatalf("want the three CRDs, got %v", same)
	}
	written, ws, err := run(t, same, "", false)
	if err != nil || !written[widgets] || !written[gadgets] || len(ws) != 0 {
		t.Errorf("the same CRDs of another version: written %v, warnings %q, error %v", written, ws, err)
	}
	for _, c := range []struct{ name, content string }{
		{"another CRD's name", controllerGen("others.switch.example.com", "v0.20.1")},
		{"no controller-gen annotation", strings.Replace(controllerGen("widgets.switch.example.com", "v0.20.1"), "controller-gen.kubebuilder.io/version", "example.com/version", 1)},
		{"a second document", controllerGen("widgets.switch.example.com", "v0.20.1") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kept\n"},
		{"not a CRD", strings.Replace(controllerGen("widgets.switch.example.com", "v0.20.1"), "kind: CustomResourceDefinition", "kind: ConfigMap", 1)},
		{"not YAML", "{"},
	} {
		t.Run("refused: "+c.name, func(t *testing.T) {
			_, _, err := run(t, map[string]string{widgets: c.content}, "", false)
			if err == nil || !strings.Contains(err.Error(), widgets+` exists and validation-gen did not write it (it has no "# Code generated by validation-gen. DO NOT EDIT." line at its top, and is not the CRD widgets.switch.example.com as controller-gen writes it, alone in its file with controller-gen's controller-gen.kubebuilder.io/version annotation), so it is not overwritten`) {
				t.Errorf("want the file refused, got %v", err)
			}
		})
	}
	// A comment above the document (a license header) is not a second one.
	written, ws, err = run(t, map[string]string{widgets: "# Copyright the project.\n" + controllerGen("widgets.switch.example.com", "v0.20.1")}, "", false)
	if err != nil || !written[widgets] || len(ws) != 1 || !strings.HasPrefix(ws[0], widgets+":7: ") {
		t.Errorf("a CRD below a comment: written %v, warnings %q, error %v", written, ws, err)
	}
	// A CRD controller-gen wrote for a kind the run does not have is left
	// where it is: it may be another run's.
	outs, _, err = generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: func() string {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, "switch.example.com_others.yaml"), []byte(controllerGen("others.switch.example.com", "v0.20.1")), 0o644)
		return d
	}()})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if filepath.Base(o.Path) == "switch.example.com_others.yaml" {
			t.Errorf("another kind's CRD is in the outputs (removed: %v)", o.Content == nil)
		}
	}
}

// A CRD the run writes that another file of --crd-dir holds too (a copy
// under another name, several CRDs in one file, as scheduler-plugins'
// manifests and VictoriaMetrics' crd.yaml hold them) is left as it is, and
// warned of at its name: the directory would otherwise hold the CRD twice
// without a word. A kustomize patch of the CRD (no versions) is no copy;
// --strict makes the warning an error.
func TestDuplicateCRDWarning(t *testing.T) {
	const doc = "// +groupName=dup.example.com\npackage v1\n"
	const types = "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	crd := func(name string) string {
		return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: " + name +
			"\nspec:\n  group: dup.example.com\n  names:\n    kind: Widget\n    plural: widgets\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n"
	}
	files := map[string]string{
		// The CRD second in a file of two, its name on line 19.
		"all.yaml":        crd("others.dup.example.com") + "---\n" + crd("widgets.dup.example.com"),
		"widget-copy.yml": "# a copy\n" + crd("widgets.dup.example.com"),
		// A patch: no versions.
		"webhook_in_widgets.yaml": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.dup.example.com\nspec:\n  conversion:\n    strategy: Webhook\n",
		// Another CRD's copy.
		"other.yaml": crd("others.dup.example.com"),
	}
	for _, strict := range []bool{false, true} {
		crds := t.TempDir()
		for name, c := range files {
			if err := os.WriteFile(filepath.Join(crds, name), []byte(c), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds, Strict: strict})
		if strict {
			if err == nil || !strings.Contains(err.Error(), "all.yaml:19: CRD widgets.dup.example.com is in this file too") || !strings.Contains(err.Error(), "--strict makes this warning an error") {
				t.Errorf("--strict: want the warnings as errors, got %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range warnings {
			if w.Kind == "duplicate-crd" {
				got = append(got, strings.ReplaceAll(w.Error(), crds+string(filepath.Separator), ""))
			}
		}
		want := []string{
			"all.yaml:19: CRD widgets.dup.example.com is in this file too, which validation-gen leaves as it is (it is not the CRD as controller-gen writes it, alone in dup.example.com_widgets.yaml): the directory holds the CRD twice (kubectl apply -f on it applies both; a kustomization applies the files it lists, which may need the new one instead); fix: delete this copy (the CRD is dup.example.com_widgets.yaml now; list that file where a kustomization listed this one), or move the file out of --crd-dir",
			"widget-copy.yml:5: CRD widgets.dup.example.com is in this file too",
		}
		if len(got) != len(want) || got[0] != want[0] || !strings.HasPrefix(got[1], want[1]) {
			t.Errorf("duplicate-crd warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for _, o := range outs {
			if filepath.Dir(o.Path) == crds && filepath.Base(o.Path) != "dup.example.com_widgets.yaml" {
				t.Errorf("the run writes or removes %s", o.Path)
			}
		}
	}
}
