package kubebuilder

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// controllerGenVersion is the controller-gen whose reading the kubebuilder
// dialect follows (its +k8s: tags included), run by the oracle tests.
const controllerGenVersion = "v0.23.0"

// controllerGen builds controller-gen at controllerGenVersion.
func controllerGen() (string, error) { return controllerGenAt(controllerGenVersion, "") }

var controllerGens sync.Map // version and toolchain -> func() (string, error)

// controllerGenAt builds controller-gen at version from the Go module
// proxy, with the Go toolchain named (GOTOOLCHAIN; "" the machine's), once,
// into a directory of the temporary directory named after them (a later
// run reuses it), and returns the binary. Nothing of controller-tools is in
// this repository.
func controllerGenAt(version, toolchain string) (string, error) {
	name := version
	if toolchain != "" {
		name += "-" + toolchain
	}
	build, _ := controllerGens.LoadOrStore(name, sync.OnceValues(func() (string, error) {
		dir := filepath.Join(os.TempDir(), "validation-gen-test-controller-gen-"+name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		cmd := exec.Command("go", "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@"+version)
		cmd.Dir = os.TempDir() // outside any module
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
		if toolchain != "" {
			cmd.Env = append(cmd.Env, "GOTOOLCHAIN="+toolchain)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", &exec.Error{Name: "go install controller-gen@" + version + ": " + LastLines(string(out), 20), Err: err}
		}
		return filepath.Join(dir, "controller-gen"), nil
	}))
	return build.(func() (string, error))()
}

// buildValidationGen builds this repository's generator (root is its
// directory) into the test's temporary directory.
func buildValidationGen(t *testing.T, root string) string {
	t.Helper()
	vg := filepath.Join(t.TempDir(), "vg")
	build := exec.Command("go", "build", "-o", vg, "./cmd/validation-gen")
	build.Dir = root
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return vg
}

// runControllerGen writes controller-gen's CRDs of the packages (patterns
// relative to dir) into out.
func runControllerGen(t *testing.T, dir, out string, patterns ...string) {
	t.Helper()
	runControllerGenCRD(t, "crd", dir, out, patterns...)
}

// runControllerGenCRD runs controller-gen's crd generator as crd says
// (crd:maxDescLen=0).
func runControllerGenCRD(t *testing.T, crd, dir, out string, patterns ...string) {
	t.Helper()
	bin, err := controllerGen()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	args := []string{crd}
	for _, p := range patterns {
		args = append(args, "paths="+p)
	}
	args = append(args, "output:crd:dir="+out)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen %s in %s: %v\n%s", strings.Join(args, " "), dir, err, LastLines(string(b), 40))
	}
	t.Logf("controller-gen %s %s (%s)", controllerGenVersion, strings.Join(args, " "), since(start))
}

// TestControllerGenOracle runs controller-gen itself on a package written
// to hold what controller-gen passes over in silence and the +k8s: tags it
// reads (generators/testdata/warn/v1, whose warnings are golden there), and
// requires our CRD to be controller-gen's but for the keywords of the +k8s:
// tags validation-gen applies beyond controller-gen, each of which is a
// warning of the run (README: Warnings, --strict, and +k8s: tags); and on
// the package of markers that cannot all be meant (warn/contra: bounds
// that contradict, defaults their fields refuse, json:",string"), whose CRD
// must be controller-gen's exactly, warnings and all; on warn/required
// (+k8s:required on fields of every kind of type), whose CRD must be
// controller-gen's exactly; on declaredas/v1 (fields of types a dependency
// declares as other named types, type Condition metav1.Condition), whose
// CRD must be controller-gen's exactly; on flatten/v1 (CEL rules of
// embedded structs and of embedded fields, enums on a field and its type),
// whose CRD must be controller-gen's exactly; on textkeys/v1 (maps whose
// keys write themselves as text, which controller-gen accepts since
// v0.22), whose CRD must be controller-gen's exactly; on movedmarkers/v1
// (a package's own marker in the block above a kind, which controller-gen
// moves to the package), whose CRD must be controller-gen's exactly; on
// namesake/... (a struct named as its group's kind, which controller-gen
// makes a version of that kind's CRD), whose CRD must be controller-gen's
// exactly; on recursive/v1 (types that contain themselves, which
// controller-gen describes down to where they recur), whose CRDs must be
// controller-gen's exactly; on v015/v1 (what v0.14 and v0.15 write
// otherwise, TestControllerGenV015), whose CRDs must be controller-gen's
// exactly; and on
// the kubebuilder example, whose committed CRD (config/crd) must be
// controller-gen's exactly: its pod template reads k8s.io/api v0.37's own
// +k8s: tags as controller-gen does.
func TestControllerGenOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building controller-gen")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	const warnPkg, contraPkg, requiredPkg, declaredPkg, flattenPkg, textKeysPkg, movedPkg, namesakePkgs, recursivePkg, v015Pkg, example = "./generators/testdata/warn/v1", "./generators/testdata/warn/contra", "./generators/testdata/warn/required", "./generators/testdata/declaredas/v1", "./generators/testdata/flatten/v1", "./generators/testdata/textkeys/v1", "./generators/testdata/movedmarkers/v1", "./generators/testdata/namesake/...", "./generators/testdata/recursive/v1", "./generators/testdata/v015/v1", "./examples/apis/kubebuilder/v1"
	theirs := t.TempDir()
	runControllerGen(t, root, theirs, warnPkg, contraPkg, requiredPkg, declaredPkg, flattenPkg, textKeysPkg, movedPkg, namesakePkgs, recursivePkg, v015Pkg, example)

	ours := t.TempDir()
	build := exec.Command("go", "run", "./cmd/validation-gen", "--output-file", "zz_generated.oracle.go", "--crd-dir", ours, warnPkg, contraPkg, requiredPkg, declaredPkg, flattenPkg, textKeysPkg, movedPkg, namesakePkgs, recursivePkg, v015Pkg)
	build.Dir = root
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	out, err := build.CombinedOutput()
	t.Cleanup(func() {
		os.Remove(filepath.Join(root, "generators", "testdata", "warn", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "warn", "contra", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "warn", "required", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "declaredas", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "flatten", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "textkeys", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "movedmarkers", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "namesake", "v2", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "recursive", "v1", "zz_generated.oracle.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "v015", "v1", "zz_generated.oracle.go"))
	})
	if err != nil {
		t.Fatalf("validation-gen: %v\n%s", err, out)
	}
	committed, err := os.ReadFile(filepath.Join(root, "config", "crd", "kubebuilder.example.com_crontabs.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(ours, "kubebuilder.example.com_crontabs.yaml"), string(committed))

	problems, compared, err := compareDirs([]string{theirs}, ours, Project{})
	if err != nil {
		t.Fatal(err)
	}
	if compared != 14 {
		t.Fatalf("controller-gen wrote %d CRDs, want 14", compared)
	}
	const spec = "things.warn.example.com: spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties."
	want := []string{
		spec + `dns.format: want "", got "k8s-short-name"`,
		spec + `level.minimum: want <absent>, got 1`,
		spec + `short.maxLength: want <absent>, got 8`,
	}
	slices.Sort(problems)
	if !slices.Equal(problems, want) {
		t.Errorf("our CRDs against controller-gen %s's:\n got  %s\n want %s", controllerGenVersion, strings.Join(problems, "\n      "), strings.Join(want, "\n      "))
	}
	if !strings.Contains(string(out), "3 k8s-tag-applied") {
		t.Errorf("the run does not warn of the 3 +k8s: tags applied beyond controller-gen:\n%s", out)
	}
}

// TestControllerGenMaxDescLen: --crd-max-desc-len cuts descriptions as
// controller-gen's crd:maxDescLen does, on the kubebuilder example (its
// pod template's long descriptions) and the flatten fixture, at lengths
// that drop them, cut at sentence ends, at spaces and inside words.
func TestControllerGenMaxDescLen(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building controller-gen")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	pkgs := []string{"./examples/apis/kubebuilder/v1", "./generators/testdata/flatten/v1"}
	vg := buildValidationGen(t, root)
	for _, n := range []string{"0", "3", "40", "120"} {
		theirs, ours := t.TempDir(), t.TempDir()
		runControllerGenCRD(t, "crd:maxDescLen="+n, root, theirs, pkgs...)
		cmd := exec.Command(vg, append([]string{"--no-cache", "--output-file", "zz_generated.desclen.go", "--crd-max-desc-len", n, "--crd-dir", ours}, pkgs...)...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		os.Remove(filepath.Join(root, "examples", "apis", "kubebuilder", "v1", "zz_generated.desclen.go"))
		os.Remove(filepath.Join(root, "generators", "testdata", "flatten", "v1", "zz_generated.desclen.go"))
		if err != nil {
			t.Fatalf("validation-gen --crd-max-desc-len %s: %v\n%s", n, err, out)
		}
		problems, compared, err := compareDirs([]string{theirs}, ours, Project{})
		if err != nil {
			t.Fatal(err)
		}
		if compared != 3 || len(problems) > 0 {
			t.Errorf("maxDescLen=%s: %d CRDs compared (want 3), differences:\n%s", n, compared, strings.Join(problems, "\n"))
		}
	}
}
