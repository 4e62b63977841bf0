package kubebuilder

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/test/kubebuilder/difftest"
)

// The differential test of the kubebuilder projects: for each project the
// generator takes (Refused empty), the Go validators it writes into the
// copied API packages must agree with the API server validating the same
// objects against the project's committed CRDs (those controller-gen
// wrote), on create and on update.
//
// The project's code compiles only in the temporary module, so the
// comparison runs there: this test makes the module require the generator
// (RequireGenerator) and this repository's test module (for difftest and
// crdpipeline, replaced by the working tree), runs the generator, writes a
// test into each API package (zz_differential_test.go, one difftest.Run a
// kind of the package, with a copy of the kind's CRD under testdata/) and
// runs those with go test. KUBEBUILDER_OBJECTS sets the number of random
// objects of each kind (difftest.DefaultObjects); KUBEBUILDER_KEEP=1
// keeps the module, to rerun there:
//
//	go test -count=1 -run Differential ./lws/... ./kueue/...

const (
	// testModule is this repository's test module, which holds difftest
	// and crdpipeline.
	testModule = repoModule + "/test"
	// diffTestFile is the test written into each API package.
	diffTestFile = "zz_differential_test.go"
	// validationsFile is the file of the generated validators.
	validationsFile = "zz_generated.validations.go"
)

// TestDifferentialGoVersusAPIServer compares, on random objects of every
// kind of each project's API packages, the generated Go validators with
// the API server's validation on the project's committed CRDs.
func TestDifferentialGoVersusAPIServer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not building the kubebuilder projects' modules")
	}
	for _, p := range Projects {
		if len(p.Refused) > 0 {
			continue // the generator refuses it (TestControllerGenCRDs)
		}
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			differential(t, p)
		})
	}
}

// diffKind is one kind of an API package under test.
type diffKind struct {
	Kind, Version, CRDFile string
}

// apiPackage is what the test reads of a copied API package.
type apiPackage struct {
	dir, importPath, name, groupName string
	types, validators                map[string]bool
	validationsFile                  bool
}

func differential(t *testing.T, p Project) {
	start := time.Now()
	src := p.Download(t)
	dir := Prepare(t, p)
	RequireGenerator(t, dir)
	requireTestModule(t, dir)

	out, err := Generate(t, dir, p)
	if err != nil {
		t.Fatalf("validation-gen on %s (%s): %v\n%s", p, strings.Join(p.Packages(), " "), err, headLines(out, 100))
	}
	crds, err := loadDir(filepath.Join(src, filepath.FromSlash(p.CRDDir)))
	if err != nil {
		t.Fatal(err)
	}

	var patterns, missing []string
	for i, apiDir := range p.APIDirs {
		pkg, err := readPackage(filepath.Join(dir, filepath.FromSlash(p.Packages()[i])), "kbproof/"+p.Name+"/"+apiDir)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []diffKind
		for _, name := range sortedKeys(crds) {
			crd := crds[name].crd
			if pkg.groupName != "" && crd.Spec.Group != pkg.groupName {
				continue
			}
			for _, v := range crd.Spec.Versions {
				if v.Name != path.Base(apiDir) || v.Schema == nil || !pkg.types[crd.Spec.Names.Kind] {
					continue
				}
				kind := crd.Spec.Names.Kind
				if !pkg.validators["Validate_"+kind] {
					missing = append(missing, pkg.importPath+"."+kind)
					continue
				}
				b, err := yaml.Marshal(crd)
				if err != nil {
					t.Fatal(err)
				}
				file := path.Join("testdata", "differential", crd.Name+".yaml")
				writeFile(t, filepath.Join(pkg.dir, filepath.FromSlash(file)), string(b))
				kinds = append(kinds, diffKind{Kind: kind, Version: v.Name, CRDFile: file})
			}
		}
		if len(kinds) == 0 {
			t.Logf("%s: no kind of the project's CRDs to test", pkg.importPath)
			continue
		}
		writeFile(t, filepath.Join(pkg.dir, diffTestFile), diffTest(t, pkg, kinds))
		patterns = append(patterns, p.Packages()[i])
		t.Logf("%s: %d kinds (%s)", pkg.importPath, len(kinds), kindNames(kinds))
	}
	if len(missing) > 0 {
		t.Errorf("validation-gen wrote no Go validator (Validate_<Kind> in %s) for %d kinds of %s, which are not compared (the kubebuilder dialect's Go emitter is missing or incomplete): %s",
			validationsFile, len(missing), p, strings.Join(missing, ", "))
	}
	if len(patterns) == 0 {
		t.Fatalf("nothing to compare in %s", p)
	}

	runStart := time.Now()
	res := goTestJSON(t, dir, append([]string{"test", "-json", "-count=1", "-run", "^TestDifferential$"}, patterns...)...)
	t.Logf("go test %s: %s (%s)", strings.Join(patterns, " "), errOrOK(res.err), since(runStart))
	for _, l := range res.summaries {
		t.Log(l)
	}
	res.report(t)
	t.Logf("%s: %s in all", p, since(start))
}

// requireTestModule makes the module require this repository's test
// module (replaced by its working tree): the tests written into the API
// packages import difftest. A tools file keeps the requirement until
// they are written.
func requireTestModule(t *testing.T, dir string) {
	t.Helper()
	start := time.Now()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := goIn(dir, "mod", "edit", "-require="+testModule+"@v0.0.0", "-replace="+testModule+"="+filepath.Join(root, "test")); err != nil {
		t.Fatalf("go mod edit in %s: %v\n%s", dir, err, out)
	}
	writeFile(t, filepath.Join(dir, "difftest.go"), "//go:build tools\n\n// Keeps go mod tidy from dropping the requirement of the test module\n// before the differential tests import it.\npackage kbproof\n\nimport _ \""+testModule+"/kubebuilder/difftest\"\n")
	if out, err := goIn(dir, "mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy in %s: %v\n%s", dir, err, LastLines(out, 100))
	}
	versions, err := goIn(dir, "list", "-m", "-f", "{{.Path}} {{.Version}}", "k8s.io/api", "k8s.io/apimachinery", "k8s.io/apiextensions-apiserver")
	if err != nil {
		t.Fatalf("go list -m in %s: %v\n%s", dir, err, versions)
	}
	t.Logf("%s required: %s (%s)", testModule, strings.Join(strings.Fields(versions), " "), since(start))
}

var groupNameRE = regexp.MustCompile(`^//\s*\+groupName=(\S+)`)

// readPackage reads the declarations of the Go files (tests aside) of a
// copied API package: its name, +groupName, types and Validate_
// functions.
func readPackage(dir, importPath string) (*apiPackage, error) {
	pkg := &apiPackage{dir: dir, importPath: importPath, types: map[string]bool{}, validators: map[string]bool{}}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		pkg.name = f.Name.Name
		if filepath.Base(file) == validationsFile {
			pkg.validationsFile = true
		}
		for _, c := range f.Comments {
			for _, l := range c.List {
				if m := groupNameRE.FindStringSubmatch(l.Text); m != nil && pkg.groupName == "" {
					pkg.groupName = m[1]
				}
			}
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						pkg.types[ts.Name.Name] = true
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil && strings.HasPrefix(d.Name.Name, "Validate_") {
					pkg.validators[d.Name.Name] = true
				}
			}
		}
	}
	if pkg.name == "" {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return pkg, nil
}

func kindNames(kinds []diffKind) string {
	var s []string
	for _, k := range kinds {
		s = append(s, k.Kind)
	}
	return strings.Join(s, ", ")
}

var diffTestTemplate = template.Must(template.New("").Parse(`// Code generated by TestDifferentialGoVersusAPIServer (test/kubebuilder). DO NOT EDIT.

package {{.Name}}_test

import (
	"testing"

	"{{.TestModule}}/kubebuilder/difftest"

	api "{{.ImportPath}}"
)

// TestDifferential compares the generated validators of the package's
// kinds with the API server validating on the committed CRDs.
func TestDifferential(t *testing.T) {
{{- range .Kinds}}
	t.Run("{{.Kind}}", func(t *testing.T) {
		t.Parallel()
		difftest.Run(t, difftest.Kind[api.{{.Kind}}]{Name: "{{.Kind}}", CRD: "{{.CRDFile}}", Version: "{{.Version}}", Validate: api.Validate_{{.Kind}}})
	})
{{- end}}
}
`))

// diffTest is the source of the test written into an API package.
func diffTest(t *testing.T, pkg *apiPackage, kinds []diffKind) string {
	var b bytes.Buffer
	if err := diffTestTemplate.Execute(&b, map[string]any{"Name": pkg.name, "TestModule": testModule, "ImportPath": pkg.importPath, "Kinds": kinds}); err != nil {
		t.Fatal(err)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("the differential test of %s: %v\n%s", pkg.importPath, err, b.Bytes())
	}
	return string(src)
}

// testEvent is an event of go test -json (cmd/test2json), with the
// go command's build events.
type testEvent struct {
	Action, Package, Test, Output, ImportPath string
}

// testRun is what go test -json told.
type testRun struct {
	err error
	// summaries are difftest's lines, one a kind.
	summaries []string
	// output is each test's output, by package and test ("" for the
	// package's own), and build the build output, by import path.
	output, build map[string]*strings.Builder
	// failed lists the failed tests and packages, in the order they
	// failed.
	failed []string
	// other is the output that is not JSON (the go command's own).
	other strings.Builder
}

// goTestJSON runs the go command in dir, which prints go test -json's
// events.
func goTestJSON(t *testing.T, dir string, args ...string) *testRun {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &testRun{output: map[string]*strings.Builder{}, build: map[string]*strings.Builder{}}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e testEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			r.other.WriteString(sc.Text() + "\n")
			continue
		}
		switch e.Action {
		case "build-output":
			builder(r.build, e.ImportPath).WriteString(e.Output)
		case "output":
			builder(r.output, e.Package+" "+e.Test).WriteString(e.Output)
			if _, s, ok := strings.Cut(e.Output, difftest.SummaryPrefix); ok {
				r.summaries = append(r.summaries, strings.TrimSpace(strings.TrimPrefix(e.Package, "kbproof/")+": "+s))
			}
		case "fail":
			r.failed = append(r.failed, e.Package+" "+e.Test)
		}
	}
	r.err = cmd.Wait()
	r.other.Write(stderr.Bytes())
	return r
}

func builder(m map[string]*strings.Builder, k string) *strings.Builder {
	if m[k] == nil {
		m[k] = &strings.Builder{}
	}
	return m[k]
}

// report fails the test with the relevant part of a failed run: the
// output of each failed test that has no failed subtest, and of each
// package that failed without a failed test (a build failure).
func (r *testRun) report(t *testing.T) {
	t.Helper()
	if r.err == nil && len(r.failed) == 0 {
		return
	}
	failedTests := map[string]bool{}
	for _, f := range r.failed {
		if pkg, test, _ := strings.Cut(f, " "); test != "" {
			failedTests[pkg] = true
		}
	}
	reported := false
	for _, f := range r.failed {
		pkg, test, _ := strings.Cut(f, " ")
		if test == "" {
			if failedTests[pkg] {
				continue
			}
			var b strings.Builder
			if bo := r.build[pkg+".test"]; bo != nil {
				b.WriteString(bo.String())
			}
			if bo := r.build[pkg]; bo != nil {
				b.WriteString(bo.String())
			}
			if o := r.output[f]; o != nil {
				b.WriteString(o.String())
			}
			hint := ""
			if strings.Contains(b.String(), "undefined: api.Validate_") {
				hint = " (the generated validators are missing: the kubebuilder dialect's Go emitter?)"
			}
			t.Errorf("%s: the package failed without a failing test%s:\n%s", pkg, hint, LastLines(b.String(), 60))
			reported = true
			continue
		}
		if slices.ContainsFunc(r.failed, func(g string) bool { return strings.HasPrefix(g, f+"/") }) {
			continue
		}
		out := ""
		if o := r.output[f]; o != nil {
			out = o.String()
		}
		t.Errorf("%s %s failed:\n%s", pkg, test, headLines(out, 200))
		reported = true
	}
	if !reported {
		t.Errorf("go test: %v\n%s", r.err, LastLines(r.other.String(), 60))
	}
}
