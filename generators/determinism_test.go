package generators_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

func runAt(t *testing.T, dir string, patterns ...string) []generators.Output {
	t.Helper()
	outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: patterns, OutputFile: outputFile})
	if err != nil {
		t.Fatalf("Run(%v): %v", patterns, err)
	}
	return outs
}

func sameOutputs(t *testing.T, what string, a, b []generators.Output) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s: %d outputs vs %d", what, len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path {
			t.Errorf("%s: output %d is %s vs %s", what, i, a[i].Path, b[i].Path)
			continue
		}
		if !bytes.Equal(a[i].Content, b[i].Content) {
			t.Errorf("%s: %s differs:\n%s", what, a[i].Path, firstDiff(string(a[i].Content), string(b[i].Content)))
		}
	}
}

// TestDeterministic generates the examples several times, with the
// patterns in different orders, and wants byte-identical output.
func TestDeterministic(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	first := runAt(t, root, "./examples/...")
	if len(first) < 2 {
		t.Fatalf("want outputs for several example packages, got %d", len(first))
	}
	for i := 0; i < 1; i++ {
		sameOutputs(t, "./examples/... again", first, runAt(t, root, "./examples/..."))
	}
	// Packages, Go files and CRDs are made in parallel: one processor and
	// several must write the same bytes.
	for _, procs := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(procs)
		out := runAt(t, root, "./examples/...")
		runtime.GOMAXPROCS(prev)
		sameOutputs(t, fmt.Sprintf("./examples/... with GOMAXPROCS=%d", procs), first, out)
	}
	crds := func(procs int) []generators.Output {
		prev := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(prev)
		outs, _, err := generators.Run(generators.Config{Dir: root, OutputFile: outputFile, CRDDir: t.TempDir(),
			Patterns: []string{"./examples/apis/cgalloc/v1", "./examples/apis/kubebuilder/v1", "./examples/apis/stable/v1"}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range outs { // each run has its own CRD directory
			outs[i].Path = filepath.Base(outs[i].Path)
		}
		return outs
	}
	sameOutputs(t, "CRDs with GOMAXPROCS=1 and 4", crds(1), crds(4))
	// Every example package, listed explicitly (go list ./examples/...).
	cmd := exec.Command("go", "list", "-f", "{{.Dir}}", "./examples/...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, d := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(rel))
	}
	if len(pkgs) < 2 {
		t.Fatalf("want several example packages, got %v", pkgs)
	}
	// A fixed shuffle that is neither the sorted nor the reversed order.
	pkgs[0], pkgs[len(pkgs)/2] = pkgs[len(pkgs)/2], pkgs[0]
	rev := make([]string, len(pkgs))
	for i, p := range pkgs {
		rev[len(pkgs)-1-i] = p
	}
	fwd := runAt(t, root, pkgs...)
	sameOutputs(t, "explicit list vs ./examples/...", first, fwd)
	sameOutputs(t, "explicit list in two orders", fwd, runAt(t, root, rev...))
	// Two example packages alone, in both orders.
	sameOutputs(t, "stable and shapes in two orders",
		runAt(t, root, "./examples/apis/stable/v1", "./examples/apis/shapes/dispatch"),
		runAt(t, root, "./examples/apis/shapes/dispatch", "./examples/apis/stable/v1"))
	// The golden cases, all at once in two orders.
	sameOutputs(t, "golden cases in two orders",
		runAt(t, "", "./testdata/golden/crosspkg/a", "./testdata/golden/crosspkg/b", "./testdata/golden/recursive"),
		runAt(t, "", "./testdata/golden/recursive", "./testdata/golden/crosspkg/b", "./testdata/golden/crosspkg/a"))
}
