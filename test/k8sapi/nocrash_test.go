// Package k8sapi runs validation-gen on Kubernetes' own API packages.
package k8sapi

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/test/k8sapi/harness"
)

// apiVersion is the k8s.io/api and k8s.io/apimachinery version tried.
const apiVersion = harness.APIVersion

// TestEveryPackageNoCrash selects every type of every package of k8s.io/api
// and k8s.io/apimachinery (+k8s:validation-gen=* through
// +k8s:validation-gen-input, one wrapper package each) in one run. The
// run may fail on tags validation-gen does not read yet, but it must not
// crash, and every error must name its file and line.
func TestEveryPackageNoCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("loads all of k8s.io/api")
	}
	dir := apiModule(t)
	out, err := goIn(dir, "list", "k8s.io/api/...", "k8s.io/apimachinery/...")
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(out)
	if len(pkgs) < 100 {
		t.Fatalf("only %d packages listed", len(pkgs))
	}
	var patterns []string
	for i, p := range pkgs {
		w := fmt.Sprintf("w/p%03d", i)
		doc := fmt.Sprintf("// +k8s:validation-gen=*\n// +k8s:validation-gen-input=%s\n// +k8s:validation-gen-scheme-registry=nil\npackage p%03d\n", p, i)
		writeFile(t, filepath.Join(dir, w, "doc.go"), doc)
		patterns = append(patterns, "./"+w)
	}
	start := time.Now()
	var runErr error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("validation-gen panicked on k8s.io/api and k8s.io/apimachinery: %v", r)
			}
		}()
		_, _, runErr = generators.Run(generators.Config{Dir: dir, Patterns: patterns, OutputFile: "zz_generated.validations.go"})
	}()
	lines := 0
	if runErr != nil {
		positioned := regexp.MustCompile(`^\S+\.go:\d+: `)
		for _, l := range strings.Split(runErr.Error(), "\n") {
			lines++
			if !positioned.MatchString(l) {
				t.Errorf("an error without file:line: %s", l)
			}
			// A package that cannot be loaded stops the run before any
			// model is built, which would leave nothing tested.
			if strings.Contains(l, "cannot be loaded") {
				t.Errorf("a package of k8s.io/api or k8s.io/apimachinery was not loaded: %s", l)
			}
			// Kubernetes' own layout is read as Kubernetes reads it: no tag
			// of another generator is unknown, and every tag is in a
			// comment some declaration owns.
			if strings.Contains(l, "unknown tag") || strings.Contains(l, "belongs to no type, field or package") {
				t.Errorf("k8s.io/api's tags misread: %s", l)
			}
		}
	}
	if runErr != nil && os.Getenv("K8SAPI_VERBOSE") != "" {
		t.Logf("errors:\n%s", runErr)
	}
	t.Logf("%d packages of k8s.io/api and k8s.io/apimachinery %s in one run: %d errors, %s", len(pkgs), apiVersion, lines, time.Since(start).Round(time.Millisecond))
}

// apiModule makes a module that requires this repository, k8s.io/api and
// Kubernetes' generator, with the go.sum entries they need.
func apiModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var sums []byte
	for _, f := range []string{filepath.Join(root, "go.sum"), filepath.Join("..", "go.sum")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, b...)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/k8sapi\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/declval/validation-gen v0.0.0\n\tk8s.io/api "+apiVersion+"\n\tk8s.io/apimachinery "+apiVersion+"\n\tk8s.io/code-generator "+apiVersion+"\n)\n\nreplace github.com/declval/validation-gen => "+root+"\n")
	writeFile(t, filepath.Join(dir, "go.sum"), string(sums))
	// Keeps go mod tidy from dropping the reference generator's
	// requirement (no package imports it), which would let go build
	// resolve it to whatever version is latest.
	writeFile(t, filepath.Join(dir, "tools.go"), toolsFile("k8sapi"))
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	return dir
}

// toolsFile pins the reference generator in a temporary module.
func toolsFile(pkg string) string {
	return "//go:build tools\n\npackage " + pkg + "\n\nimport _ \"" + harness.ReferenceGenerator + "\"\n"
}

func goCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	return cmd
}

func goIn(dir string, args ...string) (string, error) {
	b, err := goCmd(dir, args...).Output()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(b) + string(ee.Stderr), err
	}
	return string(b), err
}

// goList runs go list in dir.
func goList(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := goIn(dir, append([]string{"list"}, args...)...)
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// goRun runs the go command in dir.
func goRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	if out, err := goCmd(dir, args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, lastLines(string(out), 100))
	}
}

// run runs a program built in dir.
func run(t *testing.T, dir, prog string, args ...string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(dir, prog), args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, lastLines(string(out), 100))
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{fmt.Sprintf("... (%d lines before)", len(lines)-n)}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
