package source

import (
	"go/token"
	"maps"
	"slices"
	"sync"

	"github.com/declval/validation-gen/markers"
)

// The CRD schemas of controller-gen's dialect describe types of packages
// outside the run too (metav1.Condition, corev1.PodTemplateSpec), with
// their doc comments and markers, as controller-gen does. gengo keeps the
// members' comments of such packages but neither their types' doc
// comments nor any position, so they are indexed here on first use.

// commentsOf is the comment index of any loaded package: one of the run,
// or one outside it, indexed on first use (nil when it cannot be read).
func (l *Loaded) commentsOf(pkg string) *pkgComments {
	if pc := l.comments[pkg]; pc != nil {
		return pc
	}
	p := l.Universe.Package(pkg)
	if p == nil || p.Dir == "" {
		return nil
	}
	return l.outside.get(pkg, p.Dir, l.buildTags)
}

// outsideIndex is the comment indexes of the packages outside the run,
// shared by the copies Only makes and safe for PrefetchComments' goroutine.
type outsideIndex struct {
	mu   sync.Mutex
	pkgs map[string]*outsidePkg
}

type outsidePkg struct {
	once sync.Once
	pc   *pkgComments
}

func (x *outsideIndex) get(pkg, dir string, buildTags []string) *pkgComments {
	x.mu.Lock()
	if x.pkgs == nil {
		x.pkgs = map[string]*outsidePkg{}
	}
	e := x.pkgs[pkg]
	if e == nil {
		e = &outsidePkg{}
		x.pkgs[pkg] = e
	}
	x.mu.Unlock()
	e.once.Do(func() { e.pc, _ = indexComments(dir, buildTags, false, true) })
	return e.pc
}

// PrefetchComments starts indexing, on one goroutine beside the caller's,
// the comments of the packages outside the run that pkgs import directly:
// those whose types controller-gen's dialect describes most (a pod
// template's core/v1), which the kubebuilder model would otherwise read
// one after the other on its first use of each.
func (l *Loaded) PrefetchComments(pkgs []string) {
	if l.graph == nil {
		return
	}
	type job struct{ pkg, dir string }
	var jobs []job
	seen := map[string]bool{}
	for _, p := range pkgs {
		lp := l.graph.byPath[p]
		if lp == nil {
			continue
		}
		for _, imp := range lp.Imports {
			dep := l.graph.byPath[imp]
			if seen[imp] || dep == nil || dep.Standard || l.graph.requested[imp] || dep.Dir == "" {
				continue
			}
			seen[imp] = true
			jobs = append(jobs, job{imp, dep.Dir})
		}
	}
	if len(jobs) == 0 {
		return
	}
	go func() {
		for _, j := range jobs {
			l.outside.get(j.pkg, j.dir, l.buildTags)
		}
	}()
}

// AnyTypeLines are the comment lines of a type of any loaded package,
// with where it is declared, and the line its doc comment proper starts
// on (the lines before it are the marker block a blank line separates).
func (l *Loaded) AnyTypeLines(pkg, name string) (lines []markers.Line, pos token.Position, docLine int) {
	pc := l.commentsOf(pkg)
	if pc == nil {
		return nil, token.Position{}, 0
	}
	return pc.types[name], pc.typePos[name], pc.typeDoc[name]
}

// AnyTypeNames are the names of the types with comment lines of any loaded
// package, sorted.
func (l *Loaded) AnyTypeNames(pkg string) []string {
	pc := l.commentsOf(pkg)
	if pc == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(pc.types))
}

// AnyFieldLines are the comment lines of a struct field of a type of any
// loaded package, with where the field is declared: controller-gen's
// reading, the block one blank line above the doc comment first.
func (l *Loaded) AnyFieldLines(pkg, typeName, field string) ([]markers.Line, token.Position) {
	pc := l.commentsOf(pkg)
	if pc == nil {
		return nil, token.Position{}
	}
	k := typeName + "." + field
	if d := pc.fieldDetached[k]; len(d) > 0 {
		return append(slices.Clone(d), pc.fields[k]...), pc.fieldPos[k]
	}
	return pc.fields[k], pc.fieldPos[k]
}

// StringConsts are the values of the constants of a named type declared
// in its own package with a string literal (const A T = "a"), in
// declaration order.
func (l *Loaded) StringConsts(pkg, typeName string) []string {
	if pc := l.commentsOf(pkg); pc != nil {
		return pc.stringConsts[typeName]
	}
	return nil
}

// AnyPackageLines are the package comment lines (doc.go and package doc
// comments) of any loaded package.
func (l *Loaded) AnyPackageLines(pkg string) []markers.Line {
	if pc := l.commentsOf(pkg); pc != nil {
		return pc.pkg
	}
	return nil
}

// Only is the same load with Requested narrowed to paths: the packages
// one reader of the run (the +k8s: model, the kubebuilder dialect) takes.
func (l *Loaded) Only(paths []string) *Loaded {
	c := *l
	c.Requested = paths
	return &c
}
