package generators_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// CRD-level mistakes are errors with the file, line, marker and fix; a
// recursive type, which a CRD schema cannot describe, too.
func TestCRDBadInput(t *testing.T) {
	cases := map[string][]string{
		"unknown-marker":      {"types.go:5:", "kubebuilder:resourc:path=things", "unknown kubebuilder marker", "fix:"},
		"bad-scope":           {"types.go:5:", "scope=Global", "neither Namespaced nor Cluster", "fix:"},
		"printcolumn-missing": {"types.go:5:", "printcolumn", "needs name, type and JSONPath", "fix:"},
		"recursive":           {"types.go:12:", "Node contains itself", "fix:"},
		// The scale subresource's own checks do not ratchet: the Go
		// validator must make them too.
		"scale-no-minimum":    {"types.go:5:", "kubebuilder:subresource:scale", "specpath .spec.replicas", "no +k8s:minimum", "fix: add +k8s:minimum=0 to Replicas (", "types.go:15"},
		"scale-wrong-type":    {"types.go:5:", "specpath .spec.replicas: is Replicas *int64", "fix: make Replicas an int32"},
		"scale-missing-field": {"types.go:5:", "statuspath .status.ready: names no field of Thing", "fix:"},
	}
	for name, wants := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := generators.Run(generators.Config{
				Dir:        wd(t),
				Patterns:   []string{"./testdata/crdbad/" + name},
				OutputFile: outputFile,
				CRDDir:     filepath.Join(t.TempDir(), "crd"),
			})
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

// Without --crd-dir, kubebuilder markers are not read at all: a project
// that only wants Go validators is not stopped by them.
func TestKubebuilderMarkersIgnoredWithoutCRDs(t *testing.T) {
	if _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdbad/unknown-marker"}, OutputFile: outputFile}); err != nil {
		t.Errorf("without CRD output: %v", err)
	}
}
