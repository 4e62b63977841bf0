package generators

import (
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/declval/validation-gen/cel"
	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/dialect"
	"github.com/declval/validation-gen/golang"
	"github.com/declval/validation-gen/golang/gosource"
	"github.com/declval/validation-gen/golang/jsonschema"
	"github.com/declval/validation-gen/internal/parallel"
	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/lint"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
	"github.com/declval/validation-gen/shape"
	"github.com/declval/validation-gen/source"
)

// Config is one run of the generator.
type Config struct {
	// Dir is the working directory patterns are resolved in ("" = cwd).
	Dir        string
	Patterns   []string
	Readonly   []string
	OutputFile string // file name written in each package directory
	Header     []byte // license header, without the generated-code line
	// CRDDir, when set, receives one CustomResourceDefinition per kind
	// (<group>_<plural>.yaml); CRDOptions are the options treated as
	// enabled for ifEnabled/ifDisabled there.
	CRDDir     string
	CRDOptions []string
	// CRDStability is the lowest stability level whose rules CRDs enforce
	// (crd.Settings.MinLevel): "stable", "beta" or "alpha"; "" is "beta",
	// what Kubernetes 1.37 enforces by default.
	CRDStability string
	// CRDEmbeddedObjectMeta describes an ObjectMeta below a kind's root
	// (a pod template's) with its fields in the CRDs of controller-gen's
	// dialect, as controller-gen's crd:generateEmbeddedObjectMeta=true.
	CRDEmbeddedObjectMeta bool
	// ControllerGenVersion is the controller-gen whose CRDs packages
	// written for it get where its versions differ ("" the newest
	// followed, kubebuilder.ControllerGenFollowed).
	ControllerGenVersion string
	// CRDIgnoreUnexportedFields leaves unexported fields out, in
	// packages written for controller-gen (crd:ignoreUnexportedFields).
	CRDIgnoreUnexportedFields bool
	// CRDMaxDescLen, when set, cuts the CRDs' descriptions to that many
	// bytes, 0 dropping them, as controller-gen's crd:maxDescLen.
	CRDMaxDescLen *int
	// Strict makes the warnings of the run's own packages errors (what
	// controller-gen passes over in silence: an unknown, misplaced or
	// misspelt marker), for projects that want them fixed in CI. The
	// warnings of packages outside the run never stop it.
	Strict bool
	// CELTests writes, beside each package's validation file, the
	// differential test of its CEL rules compiled to Go
	// (<output file>_cel_test.go; validationtest.CELAgree), which proves
	// them against the API server's CEL validator in the package's tests.
	CELTests bool
	// Steps, when set, receives how long each step of the run took.
	Steps *Steps `json:"-"`
	// Loaded, when set, is called with the packages the run loaded: what
	// it read, for the run cache.
	Loaded func(*source.Loaded) `json:"-"`
}

// celTestFile is the name of the CEL differential test beside the
// validation file out.
func celTestFile(out string) string { return strings.TrimSuffix(out, ".go") + "_cel_test.go" }

// crdLevel parses Config.CRDStability.
func crdLevel(s string) (model.Level, error) {
	switch s {
	case "", "beta":
		return model.Beta, nil
	case "stable":
		return model.Stable, nil
	case "alpha":
		return model.Alpha, nil
	}
	return "", fmt.Errorf("--crd-stability=%s: want stable, beta or alpha", s)
}

// Output is one file the run produces (Content nil: delete a stale file).
type Output struct {
	Path    string
	Content []byte
}

// Run loads, checks and renders everything, and returns the files to
// write and the warnings of the run (Warnings). It writes nothing: a run
// with any error produces no output.
func Run(cfg Config) ([]Output, []*markers.Warning, error) {
	if err := CheckOutputFile(cfg.OutputFile); err != nil {
		return nil, nil, err
	}
	if err := CheckHeader(cfg.Header); err != nil {
		return nil, nil, err
	}
	minLevel, err := crdLevel(cfg.CRDStability)
	if err != nil {
		return nil, nil, err
	}
	if cfg.CRDDir != "" {
		if fi, err := os.Stat(cfg.CRDDir); err == nil && !fi.IsDir() {
			return nil, nil, fmt.Errorf("--crd-dir %s is a file, not a directory; fix: choose a directory", cfg.CRDDir)
		} else if missing(err) {
			if err := checkDir(cfg.CRDDir); err != nil {
				return nil, nil, err
			}
		}
	}
	if cfg.CRDDir != "" {
		if why := source.ForeignDir(cfg.CRDDir); why != "" {
			return nil, nil, fmt.Errorf("--crd-dir %s: %s, where validation-gen writes nothing; fix: choose a directory of your own module, such as config/crd/bases", cfg.CRDDir, why)
		}
	}
	done := cfg.Steps.begin("load")
	l, err := source.Load(cfg.Dir, cfg.Patterns, cfg.Readonly, []string{golang.BuildTag})
	done()
	if err != nil {
		return nil, nil, err
	}
	if err := checkMainModules(l); err != nil {
		return nil, nil, err
	}
	if cfg.Loaded != nil {
		cfg.Loaded(l)
	}
	done = cfg.Steps.begin("model")
	var k8sPaths, kbPaths []string
	for _, p := range l.Requested {
		if d, _ := dialect.Of(l, p); d == dialect.ControllerGen {
			kbPaths = append(kbPaths, p)
		} else {
			k8sPaths = append(k8sPaths, p)
		}
	}
	l.PrefetchComments(kbPaths) // while the +k8s: model is built, and the kubebuilder one starts
	km, err := kubebuilder.Build(l, kbPaths, kbOptions(cfg, cfg.ControllerGenVersion))
	if err != nil {
		return nil, nil, err
	}
	ws := append(km.Warnings, unparsedWarning(l.Unparsed())...)
	m, err := model.Build(l.Only(k8sPaths), model.BuildOptions{CRDs: cfg.CRDDir != ""})
	if err != nil {
		return nil, nil, err
	}
	done()
	done = cfg.Steps.begin("checks (shape, lint, CEL)")
	if errs := shape.Check(m); len(errs) > 0 {
		return nil, nil, markers.JoinSorted(errs)
	}
	if errs := lint.Check(m); len(errs) > 0 {
		return nil, nil, markers.JoinSorted(errs)
	}
	celWarnings, celErrs := markers.SplitWarnings(cel.Check(m))
	if len(celErrs) > 0 {
		return nil, nil, markers.JoinSorted(celErrs)
	}
	ws = append(ws, celWarnings...)
	done()
	// The CRDs are built while the Go files are rendered: neither reads
	// what the other writes (a kind's CRD is built on copies of its
	// schemas), and together they keep every core busy.
	cfg.Steps.add("emit Go", 0) // listed in this order, whichever ends first
	cfg.Steps.add(renderStep, 0)
	var crdResult func() crdsBuilt
	if cfg.CRDDir != "" {
		crdResult = buildCRDs(cfg, m, km, minLevel)
		defer crdResult() // a failed run returns after its CRDs' goroutine
	}
	done = cfg.Steps.begin("emit Go")
	renderedBefore := gosource.RenderTime()
	var outs []Output
	var errs []error
	written := map[string]bool{}
	// goFile adds a package's validation file (either dialect's).
	goFile := func(pkg, dir, name string, src []byte) {
		path := filepath.Join(dir, name)
		if !strings.HasSuffix(name, "_test.go") { // the test names what the file names
			platformWarnings, platformErrs := markers.SplitWarnings(checkPlatform(l, pkg, path, src))
			errs = append(errs, platformErrs...)
			ws = append(ws, platformWarnings...)
		}
		if err := checkTarget(path, replaceableGo, fmt.Sprintf("it has no %q line at its top", golang.GeneratedMarker), "choose another --output-file, or rename the file"); err != nil {
			errs = append(errs, err)
		}
		written[path] = true
		outs = append(outs, Output{Path: path, Content: src})
	}
	// Each package's files are rendered on their own; in parallel, then
	// added in the packages' order, so the output is the same whatever
	// the order they finish in.
	type rendered struct {
		pkg, dir     string
		src, celTest []byte
		warnings     []*markers.Warning
		err          error
	}
	// A position of a dependency's type (jsonschema.File leaves what it
	// cannot check there to the server, with a warning).
	outside := func(pos token.Position) bool { return pos.Filename != "" && !l.InRun(pos.Filename) }
	var jobs []func() rendered
	for _, p := range m.Packages {
		jobs = append(jobs, func() rendered {
			src, celTest, err := golang.Files(m, p, cfg.Header)
			return rendered{p.Path, p.Dir, src, celTest, nil, err}
		})
	}
	for _, p := range km.Packages {
		if len(p.Kinds) == 0 {
			continue // nothing to validate or register, as for +k8s: packages
		}
		jobs = append(jobs, func() rendered {
			src, celTest, warnings, err := jsonschema.File(p, cfg.Header, outside)
			return rendered{p.Path, p.Dir, src, celTest, warnings, err}
		})
	}
	for _, r := range parallel.Map(len(jobs), func(i int) rendered { return jobs[i]() }) {
		if r.err != nil {
			return nil, nil, r.err
		}
		ws = append(ws, r.warnings...)
		goFile(r.pkg, r.dir, cfg.OutputFile, r.src)
		if cfg.CELTests && r.celTest != nil {
			goFile(r.pkg, r.dir, celTestFile(cfg.OutputFile), r.celTest)
		}
	}
	// Inside "emit Go", summed over the packages rendered in parallel (as
	// the API server's check, it counts every run of the process).
	cfg.Steps.add(renderStep, gosource.RenderTime()-renderedBefore)
	// A package of the run that no longer has validations (or compiled CEL
	// rules, or --cel-tests) loses its file, but only a file this
	// generator wrote.
	for _, pkg := range l.Requested {
		dir := l.Universe.Package(pkg).Dir
		for _, name := range []string{cfg.OutputFile, celTestFile(cfg.OutputFile)} {
			path := filepath.Join(dir, name)
			if written[path] {
				continue
			}
			if b, err := os.ReadFile(path); err == nil && ownedGo(b) {
				outs = append(outs, Output{Path: path})
			}
		}
	}
	done()
	if cfg.CRDDir != "" {
		built := crdResult()
		if built.err != nil {
			return nil, nil, built.err
		}
		crds, crdWarnings := built.crds, built.warnings
		for _, w := range crdWarnings {
			// A rule of a type outside the run is not the user's to guard.
			if w.Kind != markers.UnguardedField || l.InRun(w.Pos.Filename) {
				ws = append(ws, w)
			}
		}
		produced := map[string]bool{}
		crdFiles := map[string]string{} // by the CRD's name
		var replaced []replacedCRD
		for _, c := range crds {
			path := filepath.Join(cfg.CRDDir, c.Name)
			crdFiles[c.CRD] = path
			replaceable := func(b []byte) bool {
				if ownedCRD(b) {
					return true
				}
				version, line, doc, ok := controllerGenCRD(b, c.CRD)
				if ok && c.ControllerGen && !sameCRD(doc, c.Content) {
					replaced = append(replaced, replacedCRD{path, line, version, doc["apiVersion"] == "apiextensions.k8s.io/v1beta1"})
				}
				return ok
			}
			if err := checkTarget(path, replaceable, fmt.Sprintf("it has no %q line at its top, and is not the CRD %s as controller-gen writes it, alone in its file with controller-gen's %s annotation", crd.GeneratedMarker, c.CRD, controllerGenAnnotation),
				"choose another --crd-dir, or move the file away; a manifest written by validation-gen before manifests carried this line can be deleted once"); err != nil {
				errs = append(errs, err)
			}
			produced[path] = true
			outs = append(outs, Output{Path: path, Content: c.Content})
		}
		if cfg.ControllerGenVersion == "" {
			ws = append(ws, versionWarnings(versionMatters(l, kbPaths, cfg, replaced, outs))...)
		}
		inRun := map[string]bool{}
		for _, p := range l.Requested {
			inRun[p] = true
		}
		files, err := readManifests(cfg.CRDDir)
		if err != nil {
			return nil, nil, err
		}
		outs = append(outs, staleCRDs(files, produced, inRun)...)
		ws = append(ws, otherCopies(files, crdFiles)...)
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	warnings, err := Warnings(l, ws, cfg.CRDDir, cfg.Strict)
	if err != nil {
		return nil, nil, err
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].Path < outs[j].Path })
	return outs, warnings, nil
}

// renderStep is the part of "emit Go" that turns the emitted code into
// Go source: jennifer's rendering and gofmt.
const renderStep = "of which rendering and gofmt (CPU)"

// crdsBuilt is the CRDs of a run, of both dialects, and the warnings of
// building them.
type crdsBuilt struct {
	crds     []crd.Manifest
	warnings []*markers.Warning
	err      error
}

// buildCRDs starts building the run's CRDs and returns the function that
// waits for them.
func buildCRDs(cfg Config, m *model.Model, km *kubebuilder.Model, minLevel model.Level) func() crdsBuilt {
	cfg.Steps.add("CRDs", 0)
	cfg.Steps.add("of which the API server's check (CPU)", 0)
	var built crdsBuilt
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cfg.Steps.begin("CRDs")()
		checked := crd.CheckTime()
		defer func() {
			// Inside "CRDs", summed over the kinds checked in parallel
			// (CheckTime counts every run of the process: tests run
			// several at once, and then the figure is theirs together).
			cfg.Steps.add("of which the API server's check (CPU)", crd.CheckTime()-checked)
		}()
		enabled := map[string]bool{}
		for _, o := range cfg.CRDOptions {
			enabled[o] = true
		}
		crds, err := crd.Manifests(m, crd.Settings{Options: enabled, MinLevel: minLevel, MaxDescLen: cfg.CRDMaxDescLen})
		if err != nil {
			built.err = err
			return
		}
		kbCRDs, ws, err := crd.KubebuilderManifests(km, crd.Settings{MaxDescLen: cfg.CRDMaxDescLen})
		built = crdsBuilt{append(crds, kbCRDs...), ws, err}
	}()
	return func() crdsBuilt {
		<-done
		return built
	}
}

// kbOptions are the options of the kubebuilder model of a run, following
// the controller-gen version cgVersion.
func kbOptions(cfg Config, cgVersion string) kubebuilder.Options {
	return kubebuilder.Options{EmbeddedObjectMeta: cfg.CRDEmbeddedObjectMeta, ControllerGenVersion: cgVersion, IgnoreUnexportedFields: cfg.CRDIgnoreUnexportedFields}
}

// checkMainModules makes sure every package the run generates for is in a
// main module: a pattern that names a dependency (k8s.io/api/core/v1 from
// an API module that imports it) would otherwise be written in the module
// cache, which every module of the machine shares.
func checkMainModules(l *source.Loaded) error {
	outside, err := l.OutsideMainModules()
	if err != nil {
		return err
	}
	var errs []error
	for _, pkg := range l.Requested {
		if where, ok := outside[pkg]; ok {
			errs = append(errs, fmt.Errorf("package %s is %s, and validation-gen writes only in the main modules of the run (never in the module cache, vendor/ or GOROOT); fix: pass it as --readonly-pkg %s to call the validation it has, or generate in the module that owns it", pkg, where, pkg))
		}
	}
	return errors.Join(errs...)
}

// CheckOutputFile makes sure the output file is named as a Go file (not a
// test) of the package directory.
func CheckOutputFile(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
		return fmt.Errorf("--output-file must be the name of a Go file (not a test) such as zz_generated.validations.go, got %q", name)
	}
	return nil
}

// CheckHeader makes sure a license header holds only Go comments: it is
// put above the package clause of every generated file.
func CheckHeader(header []byte) error {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	var first error
	sc.Init(fset.AddFile("header", -1, len(header)), header, func(pos token.Position, msg string) {
		if first == nil {
			first = fmt.Errorf("--go-header-file: line %d: %s; fix: the header must hold only Go comments (// or /* */ lines)", pos.Line, msg)
		}
	}, scanner.ScanComments)
	for {
		pos, tok, lit := sc.Scan()
		if first != nil {
			return first
		}
		switch tok {
		case token.EOF:
			return nil
		case token.COMMENT:
			continue
		case token.SEMICOLON:
			if lit == "\n" {
				continue // inserted at a line end
			}
		}
		return fmt.Errorf("--go-header-file: line %d: %q is not a Go comment; fix: the header must hold only Go comments (// or /* */ lines)", fset.Position(pos).Line, tok.String())
	}
}

// unparsedWarning is the one warning of a run whose dependencies did not
// all parse: a module whose go line asks for a newer Go than built
// validation-gen gets that Go's standard library (GOTOOLCHAIN), whose
// newer syntax (Go 1.27's generic methods) this parser does not know.
// What parsed was read, as controller-gen reads such packages, so that
// the run goes on; a type in what did not parse is not described.
func unparsedWarning(us []source.Unparsed) []*markers.Warning {
	if len(us) == 0 {
		return nil
	}
	others := ""
	if len(us) > 1 {
		others = fmt.Sprintf(" (and %d more packages)", len(us)-1)
	}
	return []*markers.Warning{{Kind: markers.UnparsedDependency, Pos: us[0].Pos,
		Msg:  fmt.Sprintf("package %s%s, outside the run, does not parse with %s, the Go that built this validation-gen (%s): the module is built by a newer Go", us[0].Package, others, runtime.Version(), us[0].Msg),
		Does: "reads such packages as far as they go and does not stop; validation-gen reads what parsed too, so a type declared in what did not parse is not described",
		Fix:  "run validation-gen built by the module's Go: go run github.com/declval/validation-gen/cmd/validation-gen (as a go:generate line, or go tool), or install it with that Go (GOTOOLCHAIN=<the module's toolchain> go install github.com/declval/validation-gen/cmd/validation-gen@<version>)"}}
}
