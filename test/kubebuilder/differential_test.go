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

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/test/kubebuilder/crddiff"
	"github.com/declval/validation-gen/test/kubebuilder/difftest"
)

// The differential test of the kubebuilder projects: for each project the
// generator takes (all of them), the Go validators it writes into the
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
// runs those with go test. The kinds of a package are those of the
// committed CRDs of its group with a version named as the package (kueue's
// v1beta1 and v1beta2 each against that version's schema) whose Go type it
// declares; a kind without a generated Validate_<Kind> fails the test.
// difftest says what is compared and how the objects are made.
//
// KUBEBUILDER_OBJECTS sets the number of random objects of each kind
// (difftest.DefaultObjects), KUBEBUILDER_SEED draws other ones, and
// KUBEBUILDER_KEEP=1 keeps the module, to rerun there:
//
//	go test -count=1 -run Differential ./lws/... ./kueue/...
//
// The projects run one after the other: each go test uses all the cores.

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
		t.Run(p.Name, func(t *testing.T) {
			differential(t, p)
		})
	}
}

// diffKind is one kind of an API package under test.
type diffKind struct {
	Kind, Version string
	// CRDFile is where the test finds the CRD, relative to the package.
	CRDFile string
	crd     *apiextv1.CustomResourceDefinition
}

// kindsOf lists the kinds of an API package under test: those of the
// CRDs of its group (+groupName) with a version of its name whose Go
// type it declares. missing are those of them it has no Validate_<Kind>
// for, which are not.
func kindsOf(pkg *apiPackage, version string, crds map[string]loaded) (kinds []diffKind, missing []string) {
	for _, name := range sortedKeys(crds) {
		crd := crds[name].crd
		kind := crd.Spec.Names.Kind
		if pkg.groupName != "" && crd.Spec.Group != pkg.groupName || !pkg.types[kind] {
			continue
		}
		for _, v := range crd.Spec.Versions {
			if v.Name != version || v.Schema == nil {
				continue
			}
			if !pkg.validators["Validate_"+kind] {
				missing = append(missing, pkg.importPath+"."+kind)
				continue
			}
			kinds = append(kinds, diffKind{Kind: kind, Version: v.Name, CRDFile: path.Join("testdata", "differential", crd.Name+".yaml"), crd: crd})
		}
	}
	return kinds, missing
}

// apiPackage is what the test reads of a copied API package.
type apiPackage struct {
	dir, importPath, name, groupName string
	types, validators                map[string]bool
	validationsFile                  bool
}

func differential(t *testing.T, p Project) {
	start := time.Now()
	p.Download(t)
	dir := Prepare(t, p)
	RequireGenerator(t, dir)
	requireTestModule(t, dir)

	// --cel-tests: each package with CEL rules compiled to Go gets their
	// differential test against the server's CEL validator
	// (TestCompiledCELRules), which runs beside TestDifferential.
	out, err := Generate(t, dir, p, "--cel-tests")
	if err != nil {
		t.Fatalf("validation-gen on %s (%s): %v\n%s", p, strings.Join(p.Packages(), " "), err, headLines(out, 100))
	}
	if p.OwnCRDGenerator != "" {
		checkWarnings(t, p, out) // TestControllerGenCRDs does it for the others
	}
	crds, err := loadDirs(p.WantDirs(t), p.NotCRDs...)
	if err != nil {
		t.Fatal(err)
	}
	if p.OwnCRDGenerator == "" {
		crds = serverCRDs(t, p, crds, filepath.Join(dir, "crds"))
	}

	var patterns, missing, noValidations []string
	for i, apiDir := range p.APIDirs {
		pkg, err := readPackage(filepath.Join(dir, filepath.FromSlash(p.Packages()[i])), "kbproof/"+p.Name+"/"+apiDir)
		if err != nil {
			t.Fatal(err)
		}
		kinds, miss := kindsOf(pkg, path.Base(apiDir), crds)
		kinds = slices.DeleteFunc(kinds, func(k diffKind) bool {
			why, skip := p.NotCompared[k.Kind]
			if skip {
				t.Logf("%s: kind %s not compared: %s", pkg.importPath, k.Kind, why)
			}
			return skip
		})
		missing = append(missing, miss...)
		if len(miss) > 0 && !pkg.validationsFile {
			noValidations = append(noValidations, pkg.importPath)
		}
		for _, k := range kinds {
			b, err := yaml.Marshal(k.crd)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(pkg.dir, filepath.FromSlash(k.CRDFile)), string(b))
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
		msg := fmt.Sprintf("validation-gen wrote no Go validator (Validate_<Kind>) for %d kinds of %s, which are not compared: %s", len(missing), p, strings.Join(missing, ", "))
		if len(noValidations) > 0 {
			msg += fmt.Sprintf("\nno %s at all in %s: the kubebuilder dialect's Go emitter did not run on them", validationsFile, strings.Join(noValidations, ", "))
		}
		t.Error(msg)
	}
	if len(patterns) == 0 {
		t.Fatalf("nothing to compare in %s", p)
	}

	runStart := time.Now()
	// The budget is below this package's in hack/test.sh, so that a hang
	// there fails with the stacks of the project's tests.
	res := goTestJSON(t, dir, append([]string{"test", "-json", "-count=1", "-timeout=30m", "-run", "^(TestDifferential|TestCompiledCELRules)$"}, patterns...)...)
	t.Logf("go test %s: %s (%s)", strings.Join(patterns, " "), errOrOK(res.err), since(runStart))
	slices.Sort(res.summaries)
	for _, l := range res.summaries {
		t.Log(l)
	}
	res.report(t)
	t.Logf("%s: %s in all", p, since(start))
}

// serverCRDs are the CRDs the server is given: the project's, but where
// the module's versions, raised to the generator's by RequireGenerator,
// change what controller-gen would write (k8s.io/api v0.37's own +k8s:
// tags in an embedded pod template, which controller-gen reads), the one
// generated with those versions, in gotDir; TestControllerGenCRDs proves
// that with the project's own versions ours are the project's.
func serverCRDs(t *testing.T, p Project, committed map[string]loaded, gotDir string) map[string]loaded {
	t.Helper()
	ours, err := loadDir(gotDir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]loaded{}
	for name, c := range committed {
		out[name] = c
		o, ok := ours[name]
		if !ok {
			continue
		}
		if diff := crddiff.Compare(c.crd, o.crd); len(diff) > 0 {
			t.Logf("%s: with the generator's module versions the CRD differs from the committed one in %d keywords (the first: %s); the server is given the regenerated one", name, len(diff), diff[0])
			out[name] = o
		}
	}
	return out
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
	cmd.Env = envIn(dir)
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
			if kind, ok := strings.CutPrefix(e.Test, "TestCompiledCELRules/"); ok && strings.Contains(e.Output, " disagreements") {
				// validationtest.CELAgree's report of one kind.
				_, s, _ := strings.Cut(strings.TrimSpace(e.Output), ": ")
				r.summaries = append(r.summaries, strings.TrimPrefix(e.Package, "kbproof/")+": "+kind+": CEL rules compiled vs the server's CEL validator: "+s)
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

// TestKindsOf checks which kinds of an API package are compared, and the
// test written for them, on a package made up here.
func TestKindsOf(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "doc.go"), "// +groupName=example.com\npackage v1\n")
	writeFile(t, filepath.Join(dir, "types.go"), "package v1\n\ntype Widget struct{}\ntype Gizmo struct{}\ntype Other struct{}\n")
	writeFile(t, filepath.Join(dir, "widget_test.go"), "package v1\n\nfunc Validate_Gizmo() {}\n")
	writeFile(t, filepath.Join(dir, validationsFile), "package v1\n\nfunc Validate_Widget() {}\nfunc Validate_Other() {}\n")
	pkg, err := readPackage(dir, "kbproof/x/api/v1")
	if err != nil {
		t.Fatal(err)
	}
	if pkg.name != "v1" || pkg.groupName != "example.com" || !pkg.validationsFile {
		t.Errorf("read %+v", pkg)
	}
	crd := func(name, group, kind string, versions ...string) loaded {
		c := &apiextv1.CustomResourceDefinition{}
		c.Name, c.Spec.Group, c.Spec.Names.Kind = name, group, kind
		for _, v := range versions {
			c.Spec.Versions = append(c.Spec.Versions, apiextv1.CustomResourceDefinitionVersion{Name: v, Schema: &apiextv1.CustomResourceValidation{}})
		}
		return loaded{crd: c}
	}
	crds := map[string]loaded{
		"widgets.example.com": crd("widgets.example.com", "example.com", "Widget", "v1", "v2"),
		"gizmos.example.com":  crd("gizmos.example.com", "example.com", "Gizmo", "v1"),
		"others.other.com":    crd("others.other.com", "other.com", "Other", "v1"),
		"absents.example.com": crd("absents.example.com", "example.com", "Absent", "v1"),
		"olds.example.com":    crd("olds.example.com", "example.com", "Widget", "v1beta1"),
	}
	kinds, missing := kindsOf(pkg, "v1", crds)
	if len(kinds) != 1 || kinds[0].Kind != "Widget" || kinds[0].Version != "v1" || kinds[0].CRDFile != "testdata/differential/widgets.example.com.yaml" {
		t.Errorf("kinds %+v, want Widget of widgets.example.com v1", kinds)
	}
	if strings.Join(missing, " ") != "kbproof/x/api/v1.Gizmo" {
		t.Errorf("missing %q, want the Gizmo", missing)
	}
	src := diffTest(t, pkg, kinds)
	for _, want := range []string{"package v1_test", `api "kbproof/x/api/v1"`, `"` + testModule + `/kubebuilder/difftest"`,
		`difftest.Kind[api.Widget]{Name: "Widget", CRD: "testdata/differential/widgets.example.com.yaml", Version: "v1", Validate: api.Validate_Widget}`} {
		if !strings.Contains(src, want) {
			t.Errorf("the test written lacks %s:\n%s", want, src)
		}
	}
}
