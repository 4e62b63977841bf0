// Package quickstart runs the README's quick starts end to end, in a
// fresh temporary module, from the files and commands the README shows
// (testdata; TestSnippets holds the README to them): generate, build,
// validate an object.
package quickstart

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// installLine is the README's install step, which a checkout (before a
// release) replaces with from-checkout.sh, the README's way for it.
const installLine = "go get -tool github.com/declval/validation-gen/cmd/validation-gen"

// script is a quick start's commands as the README shows them, run from
// this checkout.
func script(t *testing.T, steps string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(steps)
	if err != nil {
		t.Fatal(err)
	}
	checkout, err := os.ReadFile("testdata/from-checkout.sh")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, installLine+"\n") {
		t.Fatalf("%s has no line %q", steps, installLine)
	}
	return strings.Replace(s, installLine+"\n", strings.ReplaceAll(string(checkout), "../validation-gen", root), 1)
}

// copyTree copies the files of src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// run runs a script with sh -e in dir, as a user's shell would.
func run(t *testing.T, dir, script string) {
	t.Helper()
	cmd := exec.Command("sh", "-e", "-x", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the quick start fails: %v\n%s", err, out)
	}
}

// A Kubernetes-style API: tags, deep copies, registration, a test.
func TestKubernetesStyleQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	dir := t.TempDir()
	copyTree(t, "testdata/k8s/api", filepath.Join(dir, "api"))
	run(t, dir, script(t, "testdata/k8s/steps.sh"))
	for _, f := range []string{"zz_generated.deepcopy.go", "zz_generated.validations.go"} {
		if _, err := os.Stat(filepath.Join(dir, "api", "v1", f)); err != nil {
			t.Errorf("the quick start wrote no %s: %v", f, err)
		}
	}
}

// recipe is the commands of a Makefile target, for the shell: the test
// does not need make to hold the Makefile the README shows.
func recipe(t *testing.T, makefile, target string) string {
	t.Helper()
	b, err := os.ReadFile(makefile)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, target+":"):
			in = true
		case in && strings.HasPrefix(l, "\t"):
			lines = append(lines, strings.TrimPrefix(l, "\t"))
		case in:
			in = false
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s has no target %s", makefile, target)
	}
	return strings.Join(lines, "\n")
}

// A kubebuilder project switching: its types, deep copies and go.mod as
// they are, the generator added as a tool, its Makefile target run.
func TestKubebuilderQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	dir := t.TempDir()
	copyTree(t, "testdata/kubebuilder/api", filepath.Join(dir, "api"))
	mod, err := os.ReadFile("testdata/kubebuilder/go.mod.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	steps := script(t, "testdata/kubebuilder/steps.sh")
	steps = strings.Replace(steps, "make manifests\n", recipe(t, "testdata/kubebuilder/Makefile", "manifests")+"\n", 1)
	run(t, dir, steps)
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "batch.example.com_cronjobs.yaml")); err != nil {
		t.Errorf("no CRD: %v", err)
	}
}
