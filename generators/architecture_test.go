package generators_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const module = "github.com/declval/validation-gen"

// stageImports is the pipeline's shape (docs/architecture.md): each stage
// may import only the stages before it, so that no backend calls into
// another's internals or back into the builder.
var stageImports = map[string][]string{
	"markers":           nil,
	"runcache":          nil, // a leaf beside the pipeline: the cache of whole runs
	"internal/parallel": nil, // a leaf: jobs on every core, results in order
	"gotype":            {"markers"},
	"source":            {"internal/parallel", "markers"},
	"dialect":           {"markers", "source"},
	"model":             {"dialect", "gotype", "markers", "source"},
	"kubebuilder":       {"dialect", "gotype", "markers", "source"},
	"lint":              {"gotype", "markers", "model"},
	"shape":             {"gotype", "markers", "model"},
	"crd":               {"gotype", "internal/parallel", "kubebuilder", "markers", "model"},
	"cel":               {"crd", "gotype", "markers", "model"},
	"golang/equal":      {"gotype"},
	"golang/schemakey":  nil, // a leaf: the canonical keys of CRD schemas
	"golang/gosource":   nil, // a leaf: jennifer's file rendered, and the time it took
	"golang/celgo":      {"golang/gosource", "golang/schemakey", "gotype"},
	"golang":            {"crd", "golang/celgo", "golang/equal", "golang/gosource", "gotype", "model"},
	"golang/jsonschema": {"dialect", "golang", "golang/celgo", "golang/gosource", "golang/schemakey", "gotype", "kubebuilder", "markers"},
	"generators":        {"cel", "crd", "dialect", "golang", "golang/gosource", "golang/jsonschema", "gotype", "internal/parallel", "kubebuilder", "lint", "markers", "model", "shape", "source"},
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

// TestStageSizes reports a stage past about 3,500 lines of non-test code:
// a prompt to look at whether it still has one job, not a rule (code moved
// to another package to stay under a number is worse than a large package
// with one job). TestArchitectureMap keeps each package's job written down.
func TestStageSizes(t *testing.T) {
	for pkg := range stageImports {
		n := nonTestLines(t, pkg)
		if n == 0 {
			t.Errorf("package %s has no code", pkg)
		}
		if n > 3500 {
			t.Logf("package %s has %d lines of non-test code: does it still have one job? (docs/architecture.md)", pkg, n)
		}
	}
}

// TestArchitectureMap: code is placed by job, and the jobs are the map of
// docs/architecture.md. Every package of the generator is a stage of
// stageImports with a row of that map naming its job, and every row names
// a stage, so that a new package, or one gone, cannot go unrecorded.
func TestArchitectureMap(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if m := mapRow.FindStringSubmatch(line); m != nil {
			rows[strings.TrimSuffix(m[1], "/")] = true
			if strings.TrimSpace(m[2]) == "" {
				t.Errorf("docs/architecture.md: the row of %s names no job", m[1])
			}
		}
	}
	for pkg := range stageImports {
		if !rows[pkg] {
			t.Errorf("package %s is a stage without a row in docs/architecture.md's table of packages: add one saying its job", pkg)
		}
	}
	out, err := exec.Command("go", "list", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		if rel == "" || strings.HasPrefix(rel, "examples/") || strings.HasPrefix(rel, "runtime") || strings.HasPrefix(rel, "cmd/") || rel == "validationtest" || rel == "suggest" || rel == "quickstart" {
			continue // what generated code and its users import, the API examples, and the tests of the docs
		}
		if _, ok := stageImports[rel]; !ok {
			t.Errorf("package %s is no stage of stageImports: say where it goes in the pipeline (and its job in docs/architecture.md)", rel)
		}
		if !rows[rel] {
			t.Errorf("package %s has no row in docs/architecture.md's table of packages", rel)
		}
	}
	for r := range rows {
		if _, ok := stageImports[r]; !ok && r != "runtime" && !strings.HasPrefix(r, "cmd/") {
			t.Errorf("docs/architecture.md has a row for %s, which is no stage", r)
		}
	}
}

// mapRow is a row of docs/architecture.md's table of packages: | `pkg/` | job | ...
var mapRow = regexp.MustCompile("^\\| `([a-z/]+)/?` \\| (.+?) \\| ")

func nonTestLines(t *testing.T, pkg string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			n += countLines(t, f)
		}
	}
	return n
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
