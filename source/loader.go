package source

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	gotypes "go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"

	"github.com/declval/validation-gen/internal/parallel"
)

// The generator needs the declarations and comments of the run's own
// packages and the types they reach, never a function body. Type-checking
// every dependency from source, bodies included (what gengo's loader does,
// through go/packages), was three quarters of a run. So the loader is the
// generator's own:
//
//   - go list -deps, with the run's build tags, gives the package graph;
//   - the packages of the run and of its main modules are parsed (in
//     parallel) and type-checked from source, without function bodies:
//     they are the packages whose comments are read, and those a stale
//     generated file, left out by the build tag, may keep from compiling;
//   - every other package (the module cache's, the standard library's)
//     comes from the compiler's export data (go list -export, without the
//     run's build tags: apimachinery does not build without its deepcopy
//     files), which the go command caches as it caches builds;
//   - should export data be missing or unreadable (a package that does not
//     compile, a toolchain newer than the reader), every package is loaded
//     from source instead, as before.
//
// gengo's types.Universe is then built from the go/types packages as
// gengo's own parser builds it (universe.go), so everything after loading
// is unchanged.

// graph is the packages of one load, from source or export data.
type graph struct {
	dir  string // where go list runs
	fset *token.FileSet
	// listed are the packages in go list -deps order, dependencies first.
	listed []*listedPackage
	byPath map[string]*listedPackage
	// types are the type-checked packages (complete or from export data),
	// by path; imports is the map export data is read into, which must
	// hold every package another one's export data names.
	types   map[string]*gotypes.Package
	imports map[string]*gotypes.Package
	// syntax are the parsed files of the packages loaded from source.
	syntax map[string][]*ast.File
	// requested are the packages the patterns matched.
	requested map[string]bool
	// fromSource says which packages were loaded from source.
	fromSource map[string]bool
	// exportMu serializes reading export data: a read may add objects to
	// any package of imports.
	exportMu sync.Mutex
	// exportErr is the first export data that could not be read.
	exportErr error
	// unparsed are the parse errors of packages outside the run's main
	// modules (a newer Go's standard library, whose syntax the Go that
	// built validation-gen does not know), one per package, which do not
	// stop the run: what parsed is type-checked, as controller-gen reads
	// such packages.
	unparsed []Unparsed
}

// Unparsed is a package outside the run's main modules that did not
// parse: the first error of one of its files.
type Unparsed struct {
	Package string
	Pos     token.Position
	Msg     string
}

// listGraph lists the packages patterns match and everything they
// import (go list -deps), without loading them.
func listGraph(dir string, patterns, buildTags []string) (*graph, error) {
	listed, err := goList(workDir(dir), []string{"-deps", "-json=" + listFields, tagsFlag(buildTags)}, patterns)
	if err != nil {
		return nil, err
	}
	g := &graph{dir: workDir(dir), fset: token.NewFileSet(), listed: listed, byPath: map[string]*listedPackage{},
		requested: map[string]bool{}, fromSource: map[string]bool{}, syntax: map[string][]*ast.File{}}
	var errs []error
	for _, p := range listed {
		g.byPath[p.ImportPath] = p
		if len(p.Match) > 0 {
			g.requested[p.ImportPath] = true
		}
		if p.Error != nil {
			errs = append(errs, fmt.Errorf("error(s) in %q: %s", p.ImportPath, strings.TrimSpace(p.Error.Err)))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return g, nil
}

// load type-checks the listed packages: the run's and its main modules'
// from source, parsed while go list -export finds the others' export data.
func (g *graph) load() error {
	var exported []string
	for _, p := range g.listed {
		switch {
		case p.ImportPath == "unsafe" || p.ImportPath == "C":
		case g.own(p):
			g.fromSource[p.ImportPath] = true
		default:
			exported = append(exported, p.ImportPath)
		}
	}
	useExport := len(exported) > 0 && exportDataWanted()
	listedExport := make(chan error, 1)
	if useExport {
		go func() {
			// Without the run's build tags: the packages outside the run
			// are compiled as any build compiles them.
			ex, err := goList(g.dir, []string{"-export", "-json=ImportPath,Export"}, exported)
			for _, e := range ex {
				if p := g.byPath[e.ImportPath]; p != nil {
					p.Export = e.Export
				}
			}
			listedExport <- err
		}()
	} else {
		g.allFromSource()
	}
	if err := g.parse(); err != nil {
		if useExport {
			<-listedExport
		}
		return err
	}
	if useExport {
		err := <-listedExport
		for _, path := range exported {
			if err != nil || g.byPath[path].Export == "" {
				// A dependency that does not compile (or no export data at
				// all): everything from source, as gengo would.
				g.allFromSource()
				if err := g.parse(); err != nil {
					return err
				}
				break
			}
		}
	}
	if err := g.check(); err != nil {
		if g.allFromSourceAlready() {
			return err
		}
		// Export data this build of the generator cannot read (a newer
		// toolchain's format): from source.
		g.allFromSource()
		if err := g.parse(); err != nil {
			return err
		}
		return g.check()
	}
	return nil
}

// loadGraph lists and loads the packages patterns match and everything
// they import.
func loadGraph(dir string, patterns, buildTags []string) (*graph, error) {
	g, err := listGraph(dir, patterns, buildTags)
	if err != nil {
		return nil, err
	}
	if err := g.load(); err != nil {
		return nil, err
	}
	return g, nil
}

// exportDataEnv, set to "off", loads every package from source: to
// compare the two ways of loading, and a way out should export data ever
// mislead.
const exportDataEnv = "VALIDATION_GEN_EXPORT_DATA"

func exportDataWanted() bool { return os.Getenv(exportDataEnv) != "off" }

func (g *graph) allFromSource() {
	for _, p := range g.listed {
		if p.ImportPath != "unsafe" && p.ImportPath != "C" {
			g.fromSource[p.ImportPath] = true
		}
	}
}

func (g *graph) allFromSourceAlready() bool {
	for _, p := range g.listed {
		if p.ImportPath != "unsafe" && p.ImportPath != "C" && !g.fromSource[p.ImportPath] {
			return false
		}
	}
	return true
}

// check type-checks the packages loaded from source, dependencies first,
// reading the others' export data on demand.
func (g *graph) check() error {
	g.types = map[string]*gotypes.Package{"unsafe": gotypes.Unsafe}
	g.imports = map[string]*gotypes.Package{}
	g.exportErr = nil
	for _, p := range g.listed {
		if !g.fromSource[p.ImportPath] {
			continue
		}
		if _, err := g.typeCheck(p); err != nil {
			return err
		}
	}
	return g.exportErr
}

// parse parses, in parallel, the Go files of every package loaded from
// source not parsed yet.
func (g *graph) parse() error {
	type job struct {
		pkg  string
		i    int
		file string
	}
	var jobs []job
	for _, p := range g.listed {
		if _, done := g.syntax[p.ImportPath]; done || !g.fromSource[p.ImportPath] {
			continue
		}
		files := append(append([]string{}, p.GoFiles...), p.CgoFiles...)
		g.syntax[p.ImportPath] = make([]*ast.File, len(files))
		for i, f := range files {
			jobs = append(jobs, job{p.ImportPath, i, filepath.Join(p.Dir, f)})
		}
	}
	unparsed := make([]*Unparsed, len(jobs))
	errs := parallel.Map(len(jobs), func(i int) error {
		j := jobs[i]
		src, err := os.ReadFile(j.file)
		if err != nil {
			return err
		}
		// The universe is made of declarations: no body is read.
		f, err := parser.ParseFile(g.fset, j.file, blankFuncBodies(src), parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			var list scanner.ErrorList
			if f == nil || g.own(g.byPath[j.pkg]) || !errors.As(err, &list) || len(list) == 0 {
				return fmt.Errorf("error(s) in %q: %v", j.pkg, err)
			}
			unparsed[i] = &Unparsed{Package: j.pkg, Pos: list[0].Pos, Msg: list[0].Msg}
		}
		g.syntax[j.pkg][j.i] = f
		return nil
	})
	seen := map[string]bool{}
	for _, u := range unparsed {
		if u != nil && !seen[u.Package] {
			seen[u.Package] = true
			g.unparsed = append(g.unparsed, *u)
		}
	}
	return errors.Join(errs...)
}

// own reports a package of the run or of its main modules (or of none),
// whose errors are the user's to mend.
func (g *graph) own(p *listedPackage) bool {
	return g.requested[p.ImportPath] || p.Module != nil && p.Module.Main || p.Module == nil && !p.Standard
}

// typeCheck type-checks a package from source, its imports first.
func (g *graph) typeCheck(p *listedPackage) (*gotypes.Package, error) {
	if t, ok := g.types[p.ImportPath]; ok {
		return t, nil
	}
	// Type errors are expected (an import used only in a function body is
	// unused without bodies) and gengo ignores them too: the declarations
	// are what is read.
	conf := gotypes.Config{
		IgnoreFuncBodies: true,
		FakeImportC:      true,
		Error:            func(error) {},
		Importer:         importerFunc(func(path string) (*gotypes.Package, error) { return g.importFrom(p, path) }),
		Sizes:            gotypes.SizesFor("gc", goarch()),
	}
	pkg := gotypes.NewPackage(p.ImportPath, p.Name)
	chk := gotypes.NewChecker(&conf, g.fset, pkg, nil)
	_ = chk.Files(g.syntax[p.ImportPath]) // errors are collected above
	g.types[p.ImportPath] = pkg
	g.imports[p.ImportPath] = pkg
	return pkg, nil
}

// importFrom resolves an import of package from.
func (g *graph) importFrom(from *listedPackage, path string) (*gotypes.Package, error) {
	if mapped, ok := from.ImportMap[path]; ok {
		path = mapped
	}
	if path == "unsafe" {
		return gotypes.Unsafe, nil
	}
	p := g.byPath[path]
	if p == nil {
		return nil, fmt.Errorf("package %s is not in the package graph", path)
	}
	if g.fromSource[path] {
		return g.typeCheck(p)
	}
	t, err := g.readExport(p)
	if err != nil && g.exportErr == nil {
		g.exportErr = err
	}
	return t, err
}

// readExport reads a package's export data once.
func (g *graph) readExport(p *listedPackage) (*gotypes.Package, error) {
	g.exportMu.Lock()
	defer g.exportMu.Unlock()
	if t, ok := g.types[p.ImportPath]; ok {
		return t, nil
	}
	f, err := os.Open(p.Export)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.ImportPath, err)
	}
	t, err := gcexportdata.Read(r, g.fset, g.imports, p.ImportPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.ImportPath, err)
	}
	g.types[p.ImportPath] = t
	return t, nil
}

type importerFunc func(path string) (*gotypes.Package, error)

func (f importerFunc) Import(path string) (*gotypes.Package, error) { return f(path) }

// goarch is the architecture sizes are computed for: the go command's.
func goarch() string {
	if a := os.Getenv("GOARCH"); a != "" {
		return a
	}
	return runtime.GOARCH
}

// requestedPaths are the packages the patterns matched, sorted.
func (g *graph) requestedPaths() []string {
	var out []string
	for p := range g.requested {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
