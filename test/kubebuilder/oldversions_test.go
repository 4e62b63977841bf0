package kubebuilder

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// oldToolchain is the Go that builds controller-gen v0.14 and v0.15: their
// golang.org/x/tools does not build with a newer Go. The go command takes
// it from the module proxy (GOTOOLCHAIN).
const oldToolchain = "go1.22.12"

// groupNameless is the one error controller-gen v0.14 and v0.15 give on
// k8s.io/api v0.31 and later, whose core/v1 doc.go writes +groupName with
// no value (v0.16 reads it): they exit 1 after writing the CRDs.
var groupNameless = regexp.MustCompile(`^\S+/k8s\.io/api@\S+/doc\.go:\d+:\d+: missing argument "" \(at <input>\)$`)

// TestControllerGenOldVersions runs controller-gen v0.15.0 and v0.14.0
// themselves on generators/testdata/v015 (what they write otherwise than
// v0.16: descriptions, +default, +required, presence, CEL rules under
// allOf, corev1.Protocol, items: markers) and requires validation-gen's
// CRDs, with --controller-gen-version, to be theirs exactly.
func TestControllerGenOldVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building controller-gen")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "./generators/testdata/v015/v1"
	vg := buildValidationGen(t, root)
	for _, version := range []string{"v0.15.0", "v0.14.0"} {
		t.Run(version, func(t *testing.T) {
			bin, err := controllerGenAt(version, oldToolchain)
			if err != nil {
				t.Fatal(err)
			}
			theirs, ours := t.TempDir(), t.TempDir()
			cmd := exec.Command(bin, "crd", "paths="+pkg, "output:crd:dir="+theirs)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
					if !groupNameless.MatchString(l) && !strings.HasPrefix(l, "Error: not all generators ran successfully") && !strings.HasPrefix(l, "run `controller-gen") {
						t.Fatalf("controller-gen %s: %v\n%s", version, err, LastLines(string(out), 20))
					}
				}
			}
			gen := exec.Command(vg, "--no-cache", "--controller-gen-version", version, "--output-file", "zz_generated.oldversions.go", "--crd-dir", ours, pkg)
			gen.Dir = root
			out, err := gen.CombinedOutput()
			os.Remove(filepath.Join(root, "generators", "testdata", "v015", "v1", "zz_generated.oldversions.go"))
			if err != nil {
				t.Fatalf("validation-gen --controller-gen-version %s: %v\n%s", version, err, out)
			}
			problems, compared, err := compareDirs([]string{theirs}, ours, Project{})
			if err != nil {
				t.Fatal(err)
			}
			if compared != 2 || len(problems) > 0 {
				t.Errorf("%s: %d CRDs compared (want 2), differences:\n%s", version, compared, strings.Join(problems, "\n"))
			}
		})
	}
}
