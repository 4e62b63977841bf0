package kubebuilder

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// oldToolchain is the Go that builds controller-gen v0.14 and v0.15: their
// golang.org/x/tools does not build with a newer Go. The go command takes
// it from the module proxy (GOTOOLCHAIN).
const oldToolchain = "go1.22.12"

var oldControllerGens sync.Map // version -> func() (string, error)

// oldControllerGen builds controller-gen at version with oldToolchain,
// once, into a directory of the temporary directory named after it.
func oldControllerGen(version string) (string, error) {
	build, _ := oldControllerGens.LoadOrStore(version, sync.OnceValues(func() (string, error) {
		dir := filepath.Join(os.TempDir(), "validation-gen-test-controller-gen-"+version+"-"+oldToolchain)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		cmd := exec.Command("go", "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@"+version)
		cmd.Dir = os.TempDir() // outside any module
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN="+oldToolchain)
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("GOTOOLCHAIN=%s go install controller-gen@%s: %v\n%s", oldToolchain, version, err, LastLines(string(out), 20))
		}
		return filepath.Join(dir, "controller-gen"), nil
	}))
	return build.(func() (string, error))()
}

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
	vg := filepath.Join(t.TempDir(), "vg")
	build := exec.Command("go", "build", "-o", vg, "./cmd/validation-gen")
	build.Dir = root
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, version := range []string{"v0.15.0", "v0.14.0"} {
		t.Run(version, func(t *testing.T) {
			bin, err := oldControllerGen(version)
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
