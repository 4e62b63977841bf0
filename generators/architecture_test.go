package generators_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/declval/validation-gen"

// stageImports is the pipeline's shape (docs/architecture.md): each stage
// may import only the stages before it, so that no backend calls into
// another's internals or back into the builder.
var stageImports = map[string][]string{
	"markers":           nil,
	"gotype":            {"markers"},
	"source":            {"markers"},
	"dialect":           {"markers", "source"},
	"model":             {"dialect", "gotype", "markers", "source"},
	"kubebuilder":       {"dialect", "gotype", "markers", "source"},
	"lint":              {"gotype", "markers", "model"},
	"crd":               {"gotype", "kubebuilder", "markers", "model"},
	"cel":               {"crd", "gotype", "markers", "model"},
	"golang/equal":      {"gotype"},
	"golang/celgo":      {"gotype"},
	"golang":            {"crd", "golang/celgo", "golang/equal", "gotype", "model"},
	"golang/jsonschema": {"dialect", "golang", "golang/celgo", "gotype", "kubebuilder", "markers"},
	"generators":        {"cel", "crd", "dialect", "golang", "golang/jsonschema", "gotype", "kubebuilder", "lint", "markers", "model", "shape", "source"},
}

// TestStageImports checks the imports between the generator's stages.
func TestStageImports(t *testing.T) {
	for pkg, allowed := range stageImports {
		out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, module+"/"+pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		for _, imp := range strings.Fields(string(out)) {
			rest, ok := strings.CutPrefix(imp, module+"/")
			if !ok || strings.HasPrefix(rest, "runtime") {
				continue
			}
			if !containsStr(allowed, rest) {
				t.Errorf("%s imports %s; the stages it may import are %v (docs/architecture.md)", pkg, rest, allowed)
			}
		}
	}
}

// TestStageSizes keeps each stage small enough to read: about 3,500 lines
// of non-test code at most.
func TestStageSizes(t *testing.T) {
	for pkg := range stageImports {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			n += countLines(t, f)
		}
		if n == 0 {
			t.Errorf("package %s has no code", pkg)
		}
		if n > 3500 {
			t.Errorf("package %s has %d lines of non-test code; split it by job (docs/architecture.md)", pkg, n)
		}
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for s := bufio.NewScanner(f); s.Scan(); {
		n++
	}
	return n
}
