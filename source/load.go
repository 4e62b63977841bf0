package source

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	gotypes "go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// Loaded is the type universe of one run, with the comment lines of the
// requested packages indexed by where they were written, so that every tag
// error can name its file and line.
type Loaded struct {
	Universe types.Universe
	// Requested are the import paths the user asked for, sorted.
	Requested []string
	comments  map[string]*pkgComments
	// readonly maps each readonly package to the Validate_ functions it
	// declares, in any file: generated files are excluded from loading by
	// their build tag, so they are read here directly.
	readonly map[string]map[string]bool
	// dir is the directory packages are resolved in ("" = cwd).
	dir string
	// validation maps an input package to the package that declares
	// itself its validation: <input>/validation, whose doc says
	// +k8s:validation-gen-input=<input> (apimachinery's meta/v1/validation
	// is one).
	validation map[string]string
	// registries caches CheckRegistry's answers.
	registries map[string]registry
	// methods caches MethodsDeclared by package directory.
	methods map[string]map[string]map[string]bool
	// published caches Published's answers.
	published map[string]*publishedValidation
	// outside indexes the comments of packages outside the run on first
	// use (commentsOf); buildTags are the run's, to read them alike.
	outside   *outsideIndex
	buildTags []string
	// graph is what go list said of every package loaded.
	graph *graph
	// universe built Universe, and adds to it the types DeclaredAs names
	// that no type of the run reached.
	universe *universeBuilder
}

// Unparsed are the packages outside the run's main modules whose files
// did not all parse (a newer Go's standard library, read by an older
// Go's parser), in go list's order: what parsed was read.
func (l *Loaded) Unparsed() []Unparsed {
	if l.graph == nil {
		return nil
	}
	return l.graph.unparsed
}

// publishedValidation is the generated validation a package of types
// publishes in <package>/validation.
type publishedValidation struct {
	path  string
	funcs map[string]bool
}

type pkgComments struct {
	// constrained are the top-level names declared in files that build
	// only on some platforms or with some tags (platform.go).
	constrained map[string]Constrained
	pkg         []markers.Line            // doc.go comments and package doc comments
	types       map[string][]markers.Line // type name -> doc comment
	typePos     map[string]token.Position
	// typeDoc is the first line of a type's doc comment proper (the
	// declaration's line when it has none): the lines of types above it
	// are the detached marker block.
	typeDoc  map[string]int
	fields   map[string][]markers.Line // "Type.Field" -> doc comment
	fieldPos map[string]token.Position
	// untaggable are the comment blocks of declarations that can carry
	// no validation tag (funcs, vars, consts, type aliases, generic types,
	// fields of anonymous structs); a tag there is an error, never ignored.
	untaggable []Untaggable
	// decls are the package's top-level names (not methods) and where
	// they are declared, in the files the generator does not own.
	decls map[string]token.Position
	// stringConsts are the values of the constants declared with a named
	// type of the package and a string literal (const A T = "a"), by the
	// type's name, in declaration order: controller-gen's +k8s:enum reads
	// those and no others.
	stringConsts map[string][]string
	// consts are the doc comments of the package's constants (one per
	// line of a declaration), by name.
	consts map[string][]markers.Line
	// typeText and fieldText are the doc comments of types and fields as
	// controller-gen writes them as descriptions (description);
	// typeTextKept and fieldTextKept as it wrote them before v0.16, where
	// that differs.
	typeText, fieldText         map[string]string
	typeTextKept, fieldTextKept map[string]string
	// declaredAs are the types declared as another named type (type A B,
	// type A pkg.B), by name: what they were declared as, which go/types
	// forgets (the underlying type of A is B's).
	declaredAs map[string]declaredAs
	// aliases are the package's alias declarations (type X = T), by name:
	// their comment lines, position, description and whether T is a
	// builtin; fieldTypes are the type a field is written with, where that
	// is a name (X, *X, []X, q.X), by type.field: controller-gen reads an
	// alias's markers where a field names it.
	aliases    map[string]Alias
	fieldTypes map[string]declaredAs
	// fieldDetached are the comment blocks one blank line above a field's
	// doc comment (or the field), by type.field: controller-gen reads the
	// markers there, as it reads a type's; Kubernetes' generators do not.
	fieldDetached map[string][]markers.Line
}

// Alias is an alias declaration (type X = T) as a field that names it
// sees it: controller-gen describes the field with the alias's doc and
// markers where the field names it from another package (q.X), or names
// an alias of a builtin type of its own package.
type Alias struct {
	Pkg, Name   string
	Lines       []markers.Line
	Pos         token.Position
	Description string
	// DescriptionKept is the description as controller-gen wrote it
	// before v0.16 (Kept).
	DescriptionKept string
	// OfBuiltin: T is a builtin type (string, int32).
	OfBuiltin bool
	// Shape is where in the field's type the alias is named: a step
	// per list ([]X: "S", its items) and map (map[K]X: "M", its values),
	// from the outside in; "" for the field itself (X, *X).
	Shape string
	// Ignored: controller-gen reads neither the alias's doc nor its
	// markers where the field names it (an alias of a named type of the
	// field's own package: to controller-gen, that type).
	Ignored bool
}

// declaredAs is the right-hand side of type A B or type A q.B: q is ""
// for a type of the same package; path is the import path q names when
// the file imports it under that name explicitly, else imports are the
// paths the file imports under their own names.
type declaredAs struct {
	q, name, path string
	imports       []string
	shape         string // for a field's type: Alias.Shape
}

// Untaggable is the doc comment of a declaration no tag applies to.
type Untaggable struct {
	What  string // "func Reset", "type alias A", ...
	Why   string // why no tag applies
	Fix   string
	Lines []markers.Line
}

// Untaggable lists the comment blocks of a package's declarations that
// can carry no validation tag.
func (l *Loaded) Untaggable(pkg string) []Untaggable {
	if pc := l.comments[pkg]; pc != nil {
		return pc.untaggable
	}
	return nil
}

// Readonly lists the Validate_ and ValidateAt_ functions of a readonly
// package, and whether the package is one.
func (l *Loaded) Readonly(pkg string) (map[string]bool, bool) {
	fns, ok := l.readonly[pkg]
	return fns, ok
}

// Load loads the packages matched by patterns (and readonly packages,
// whose existing Validate_ functions may be called). Packages named by
// +k8s:validation-gen-input are loaded too, in the same load: the run's
// packages are listed and their comments indexed first, since their
// package comments name the inputs.
func Load(dir string, patterns []string, readonly []string, buildTags []string) (*Loaded, error) {
	all := append(append([]string{}, patterns...), readonly...)
	g, err := listGraph(dir, all, buildTags)
	if err != nil {
		return nil, loadError(all, patterns, err)
	}
	isReadonly := map[string]bool{}
	for _, r := range readonly {
		isReadonly[r], isReadonly[asListed(r)] = true, true
	}
	run := &Loaded{comments: map[string]*pkgComments{}, outside: &outsideIndex{}}
	for _, path := range g.requestedPaths() {
		p := g.byPath[path]
		ro := false
		for _, m := range p.Match {
			ro = ro || isReadonly[m]
		}
		pc, err := indexComments(p.Dir, buildTags, !ro, false)
		if err != nil {
			return nil, err
		}
		run.comments[path] = pc
		if !ro {
			run.Requested = append(run.Requested, path)
		}
	}
	extra, lines := run.inputPackages()
	if len(extra) == 0 {
		return load(g, patterns, readonly, buildTags, run.comments)
	}
	dirs, err := checkInputs(dir, extra, lines, buildTags)
	if err != nil {
		return nil, err
	}
	validation := validationPackages(dirs)
	for _, in := range extra {
		all = append(all, in)
		if v, ok := validation[in]; ok {
			all = append(all, v)
		}
	}
	if g, err = listGraph(dir, all, buildTags); err != nil {
		return nil, loadError(all, patterns, err)
	}
	l, err := load(g, patterns, readonly, buildTags, run.comments)
	if err != nil {
		return nil, err
	}
	l.validation = validation
	return l, nil
}

// loadError is a load's error on one line (go list's spans lines), with a
// fix.
func loadError(all, patterns []string, err error) error {
	return fmt.Errorf("loading %s: %s; fix: make the packages build first (go build %s names the problem; go mod tidy adds missing go.sum entries)",
		strings.Join(all, " "), strings.Join(strings.Fields(err.Error()), " "), strings.Join(patterns, " "))
}

// load loads the run's packages (patterns), the packages read with them
// (inputs, readonly) and everything they import. The packages of the run
// are those the patterns match, less the readonly ones: the inputs are
// read, not generated for (k8s.io/api's resource/v1 is an input of
// Kubernetes' tree and generates into itself too; it is part of a run
// only when the patterns name it). indexed are comment indexes already
// made, by path.
func load(g *graph, patterns, readonly, buildTags []string, indexed map[string]*pkgComments) (*Loaded, error) {
	if err := g.load(); err != nil {
		return nil, loadError(append(append([]string{}, patterns...), readonly...), patterns, err)
	}
	b, err := newUniverseBuilder(g)
	if err != nil {
		return nil, err
	}
	u := b.u
	l := &Loaded{Universe: u, universe: b, comments: map[string]*pkgComments{}, outside: &outsideIndex{}, readonly: map[string]map[string]bool{}, dir: g.dir, buildTags: buildTags, graph: g}
	isPattern, isReadonly := map[string]bool{}, map[string]bool{}
	for _, p := range patterns {
		isPattern[p], isPattern[asListed(p)] = true, true
	}
	for _, r := range readonly {
		isReadonly[r], isReadonly[asListed(r)] = true, true
	}
	for _, path := range g.requestedPaths() {
		inRun, ro := false, false
		for _, m := range g.byPath[path].Match {
			inRun = inRun || isPattern[m]
			ro = ro || isReadonly[m]
		}
		switch {
		case ro:
			fns, err := validateFuncs(u.Package(path).Dir)
			if err != nil {
				return nil, err
			}
			l.readonly[path] = fns
		case inRun:
			l.Requested = append(l.Requested, path)
		}
		pc := indexed[path]
		if pc == nil {
			// Function bodies matter only in the run's packages, where a
			// tag inside one is an error.
			if pc, err = indexComments(u.Package(path).Dir, buildTags, inRun && !ro, false); err != nil {
				return nil, err
			}
		}
		l.comments[path] = pc
	}
	return l, nil
}

// asListed is a pattern as go list names it in a package's Match: a
// directory pattern cleaned (./api/ and ./x/../api are ./api), an import
// path pattern as written. A pattern compared as written would match no
// package, and the run would write nothing without a word.
func asListed(pattern string) string {
	if !build.IsLocalImport(pattern) && !filepath.IsAbs(pattern) {
		return pattern
	}
	c := filepath.ToSlash(filepath.Clean(pattern))
	if strings.HasPrefix(pattern, "./") && c != "." && !strings.HasPrefix(c, "../") {
		c = "./" + c
	}
	return c
}

// indexComments parses the Go files of a package directory and records
// each comment line of types, fields, constants and the package with its
// position. gengo keeps comment text but not positions.
//
// Without bodies (the packages outside the run, whose types are only
// described), function bodies are blanked before parsing: no tag of those
// is read, and they are most of the source of packages such as
// k8s.io/api/core/v1. With partial (a package outside the run's main
// modules, which a newer Go's syntax may keep from parsing), a file that
// does not parse is read as far as it parsed, as its types are loaded.
func indexComments(dir string, buildTags []string, bodies, partial bool) (*pkgComments, error) {
	pc := &pkgComments{decls: map[string]token.Position{}, consts: map[string][]markers.Line{}, stringConsts: map[string][]string{},
		types: map[string][]markers.Line{}, typePos: map[string]token.Position{}, typeDoc: map[string]int{},
		fields: map[string][]markers.Line{}, fieldPos: map[string]token.Position{},
		typeText: map[string]string{}, fieldText: map[string]string{}, typeTextKept: map[string]string{}, fieldTextKept: map[string]string{}, declaredAs: map[string]declaredAs{},
		aliases: map[string]Alias{}, fieldTypes: map[string]declaredAs{}, fieldDetached: map[string][]markers.Line{},
	}
	ctx := build.Default
	ctx.BuildTags = buildTags
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		path := displayPath(filepath.Join(dir, name))
		var src any
		mode := parser.ParseComments | parser.SkipObjectResolution
		if !bodies {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return nil, err
			}
			if name != "doc.go" && !bytes.Contains(b, []byte("\ntype ")) && !bytes.Contains(b, []byte("\nconst ")) {
				// No type or constant to describe (generated.pb.go):
				// only the comments above the package clause are read,
				// and the bodies need no blanking.
				src, mode = b, mode|parser.PackageClauseOnly
			} else {
				src = blankFuncBodies(b)
			}
		}
		f, err := parser.ParseFile(fset, path, src, mode)
		if err != nil && (!partial || f == nil) {
			return nil, err
		}
		// read are the comment groups whose tags are read (or reported as
		// in a place no tag applies to); a tag in any other is an error.
		read := map[*ast.CommentGroup]bool{}
		take := func(cg *ast.CommentGroup) []markers.Line {
			if cg != nil {
				read[cg] = true
			}
			return lines(fset, cg)
		}
		// owned are the comment groups that belong to a declaration: its
		// doc comment, the marker block above it (detached) and those
		// inside it. In doc.go, the others are the package's.
		owned := map[*ast.CommentGroup]bool{}
		// The comment groups by the line they end on: a marker block ends
		// two lines above what it belongs to.
		byEnd := map[int]*ast.CommentGroup{}
		for _, cg := range f.Comments {
			byEnd[fset.Position(cg.End()).Line] = cg
		}
		detached := detachedBlocks(fset, f, byEnd, owned)
		next := 0 // f.Comments and f.Decls are in source order
		for _, decl := range f.Decls {
			for next < len(f.Comments) && f.Comments[next].Pos() < decl.Pos() {
				next++
			}
			for _, cg := range f.Comments[next:] {
				if cg.Pos() >= decl.End() {
					break
				}
				if cg.End() <= decl.End() {
					owned[cg] = true
				}
			}
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Doc != nil {
				owned[gd.Doc] = true
			}
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
				owned[fd.Doc] = true
			}
		}
		if name == "doc.go" {
			for _, cg := range f.Comments {
				if !owned[cg] {
					pc.pkg = append(pc.pkg, take(cg)...)
				}
			}
		} else {
			// The block above the package clause after a blank line is
			// the package's too, as controller-gen reads it (kubebuilder
			// scaffolds put +groupName there in groupversion_info.go).
			anchor := fset.Position(f.Package).Line
			if f.Doc != nil {
				anchor = fset.Position(f.Doc.Pos()).Line
			}
			for _, cg := range f.Comments {
				if cg != f.Doc && cg.End() < f.Package && fset.Position(cg.End()).Line == anchor-2 {
					pc.pkg = append(pc.pkg, take(cg)...)
				}
			}
			if f.Doc != nil {
				pc.pkg = append(pc.pkg, take(f.Doc)...)
			}
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil {
					pc.decls[fd.Name.Name] = fset.Position(fd.Name.Pos())
				}
				if fd, ok := decl.(*ast.FuncDecl); ok {
					pc.untaggable = append(pc.untaggable, Untaggable{What: "func " + fd.Name.Name,
						Why: "validation-gen reads tags on types, fields and packages only", Fix: "move the tag to the type or field it is about, or remove it",
						Lines: take(fd.Doc)})
				}
				continue
			}
			for _, spec := range gd.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					pc.decls[s.Name.Name] = fset.Position(s.Name.Pos())
					doc := s.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					// The marker block above a blank line comes first, as
					// gengo and the Kubernetes generators read it.
					typeLines := append(take(detached[s]), take(doc)...)
					switch {
					case s.Name.Name == "_":
						pc.untaggable = append(pc.untaggable, Untaggable{What: "the blank type _",
							Why: "a type named _ cannot be used, so it has nothing to validate",
							Fix: "name the type, or remove the tag", Lines: typeLines})
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fld := range st.Fields.List {
								pc.untaggable = append(pc.untaggable, Untaggable{What: "a field of the blank type _",
									Why: "a type named _ cannot be used, so it has nothing to validate",
									Fix: "name the type, or remove the tag", Lines: take(fld.Doc)})
							}
						}
						continue
					case s.Assign.IsValid():
						builtin := false
						if id, ok := s.Type.(*ast.Ident); ok {
							builtin = gotypes.Universe.Lookup(id.Name) != nil
						}
						desc := s.Doc
						if desc == nil && !gd.Lparen.IsValid() {
							desc = gd.Doc
						}
						text, kept := description(desc)
						pc.aliases[s.Name.Name] = Alias{Name: s.Name.Name, Lines: typeLines, Pos: fset.Position(s.Pos()), Description: text, DescriptionKept: kept, OfBuiltin: builtin}
						pc.untaggable = append(pc.untaggable, Untaggable{What: "the type alias " + s.Name.Name,
							Why:   "an alias is the type it names, not a type of its own, so it has no validation of its own",
							Fix:   "declare a defined type (type " + s.Name.Name + " " + gotypes.ExprString(s.Type) + ", without =) to give it tags, or put the tags on the fields that use it",
							Lines: typeLines})
						continue
					case s.TypeParams != nil:
						pc.untaggable = append(pc.untaggable, Untaggable{What: "the generic type " + s.Name.Name,
							Why:   "validation-gen does not generate validation for generic types",
							Fix:   "declare a non-generic type for the instantiation you validate, and put the tags there",
							Lines: typeLines})
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fld := range st.Fields.List {
								pc.untaggable = append(pc.untaggable, Untaggable{What: "a field of generic type " + s.Name.Name,
									Why:   "validation-gen does not generate validation for generic types",
									Fix:   "declare a non-generic type for the instantiation you validate, and put the tags there",
									Lines: take(fld.Doc)})
							}
						}
						continue
					}
					pc.types[s.Name.Name] = typeLines
					pc.typePos[s.Name.Name] = fset.Position(s.Pos())
					pc.typeDoc[s.Name.Name] = fset.Position(s.Pos()).Line
					if desc := s.Doc; desc != nil || !gd.Lparen.IsValid() {
						if desc == nil {
							desc = gd.Doc
						}
						text, kept := description(desc)
						pc.typeText[s.Name.Name] = text
						if kept != text {
							pc.typeTextKept[s.Name.Name] = kept
						}
					}
					if doc != nil {
						pc.typeDoc[s.Name.Name] = fset.Position(doc.Pos()).Line
					}
					switch rhs := s.Type.(type) {
					case *ast.Ident:
						// A builtin (type S string) is found in no package:
						// DeclaredAs drops it.
						pc.declaredAs[s.Name.Name] = declaredAs{name: rhs.Name}
					case *ast.SelectorExpr:
						if q, ok := rhs.X.(*ast.Ident); ok {
							path, imports := importedAs(f, q.Name)
							pc.declaredAs[s.Name.Name] = declaredAs{q: q.Name, name: rhs.Sel.Name, path: path, imports: imports}
						}
					}
					if st, ok := s.Type.(*ast.StructType); ok {
						prevEnd := fset.Position(st.Fields.Opening).Line
						for _, fld := range st.Fields.List {
							names := fieldNames(fld)
							detached := fieldMarkerBlock(fset, byEnd, fld, prevEnd)
							prevEnd = fset.Position(fld.End()).Line
							for _, n := range names {
								key := s.Name.Name + "." + n
								if detached != nil {
									pc.fieldDetached[key] = lines(fset, detached)
								}
								pc.fields[key] = take(fld.Doc)
								pc.fieldPos[key] = fset.Position(fld.Pos())
								text, kept := description(fld.Doc)
								pc.fieldText[key] = text
								if kept != text {
									pc.fieldTextKept[key] = kept
								}
								if ft, ok := namedFieldType(f, fld.Type); ok {
									pc.fieldTypes[key] = ft
								}
							}
							anonymousFields(take, fld.Type, s.Name.Name, pc)
						}
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != "_" {
							pc.decls[n.Name] = fset.Position(n.Pos())
						}
					}
					if typ, ok := s.Type.(*ast.Ident); ok && gd.Tok == token.CONST {
						for i := range s.Names {
							if i < len(s.Values) {
								if lit, ok := s.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
									if v, err := strconv.Unquote(lit.Value); err == nil {
										pc.stringConsts[typ.Name] = append(pc.stringConsts[typ.Name], v)
									}
								}
							}
						}
					}
					doc := s.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					if gd.Tok == token.CONST && len(s.Names) == 1 && s.Names[0].Name != "_" {
						// A constant of an enum type takes +k8s:enumExclude;
						// the model checks every tag written here.
						pc.consts[s.Names[0].Name] = take(doc)
						continue
					}
					kind := "var "
					if gd.Tok == token.CONST {
						kind = "const "
					}
					pc.untaggable = append(pc.untaggable, Untaggable{What: kind + s.Names[0].Name,
						Why: "validation-gen reads tags on types, fields, packages and constants of enum types only (an enum's values are its type's constants, found by +k8s:enum on the type)",
						Fix: "move the tag to the type or field it is about, declare the constant on a line of its own, or remove it", Lines: take(doc)})
				}
			}
		}
		for _, cg := range f.Comments {
			if !read[cg] {
				pc.untaggable = append(pc.untaggable, Untaggable{What: "a comment that belongs to no type, field or package",
					Why:   "tags are read from the doc comment right above a type or field (and the block above a type's doc comment, after one blank line), and package tags from doc.go; not from the end of a line, after a blank line above a field, from inside a function, or above a group of several types",
					Fix:   "move the tag into the comment right above the type or field it is about",
					Lines: lines(fset, cg)})
			}
		}
		if why := fileConstraint(f, name); why != "" {
			recordConstrained(pc, fset, f, why)
		}
	}
	return pc, nil
}

// fieldMarkerBlock is the comment block one blank line above a struct
// field's doc comment (or the field, without one), below the line the
// previous field (or the struct's brace) ends on: controller-gen reads
// the markers of that block as the field's (kserve's
// ServingRuntime priority minimum).
func fieldMarkerBlock(fset *token.FileSet, byEnd map[int]*ast.CommentGroup, fld *ast.Field, prevEnd int) *ast.CommentGroup {
	at := fld.Pos()
	if fld.Doc != nil {
		at = fld.Doc.Pos()
	}
	if cg := byEnd[fset.Position(at).Line-2]; cg != nil && fset.Position(cg.Pos()).Line > prevEnd {
		return cg
	}
	return nil
}

// detachedBlocks finds, for each type declaration of a file, the comment
// block separated from its doc comment (or from the declaration, if it has
// none) by one blank line: where k8s.io/api and kubebuilder scaffolds put
// the markers of a type (+genclient, +k8s:..., +kubebuilder:object:root),
// above the doc comment that documents it. gengo reads the same block
// (SecondClosestCommentLines). A block is found only between the type and
// the declaration before it, and is recorded in owned.
func detachedBlocks(fset *token.FileSet, f *ast.File, byEnd map[int]*ast.CommentGroup, owned map[*ast.CommentGroup]bool) map[*ast.TypeSpec]*ast.CommentGroup {
	line := func(p token.Pos) int { return fset.Position(p).Line }
	out := map[*ast.TypeSpec]*ast.CommentGroup{}
	prevEnd := line(f.Name.End())
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			prevEnd = line(decl.End())
			continue
		}
		for i, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			doc, at := ts.Doc, ts.Pos()
			if len(gd.Specs) == 1 {
				at = gd.Pos()
				if doc == nil {
					doc = gd.Doc
				}
			}
			if doc != nil {
				at = doc.Pos()
			}
			limit := prevEnd
			if i > 0 {
				limit = line(gd.Specs[i-1].End())
			} else if gd.Lparen.IsValid() {
				// In a group, the block is inside the parentheses: the
				// comment above "type (" is the group's.
				limit = line(gd.Lparen)
			}
			if cg := byEnd[line(at)-2]; cg != nil && line(cg.Pos()) > limit && !owned[cg] {
				out[ts] = cg
				owned[cg] = true
			}
		}
		prevEnd = line(decl.End())
	}
	return out
}

// anonymousFields records the fields of anonymous structs in a field's
// type (struct{...}, []struct{...}, map[K]struct{...}, ...) as untaggable:
// gengo gives them no comments, so their tags would be read nowhere.
func anonymousFields(take func(*ast.CommentGroup) []markers.Line, t ast.Expr, in string, pc *pkgComments) {
	switch x := t.(type) {
	case *ast.StarExpr:
		anonymousFields(take, x.X, in, pc)
	case *ast.ArrayType:
		anonymousFields(take, x.Elt, in, pc)
	case *ast.MapType:
		anonymousFields(take, x.Key, in, pc)
		anonymousFields(take, x.Value, in, pc)
	case *ast.StructType:
		for _, fld := range x.Fields.List {
			pc.untaggable = append(pc.untaggable, Untaggable{What: "a field of an anonymous struct in " + in,
				Why: "validation-gen reads the tags of fields of named struct types only",
				Fix: "declare the anonymous struct as a named type and use it here", Lines: take(fld.Doc)})
			anonymousFields(take, fld.Type, in, pc)
		}
	}
}

func fieldNames(f *ast.Field) []string {
	if len(f.Names) > 0 {
		out := make([]string, len(f.Names))
		for i, n := range f.Names {
			out[i] = n.Name
		}
		return out
	}
	// Embedded: the name is the type's name.
	t := f.Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.Ident:
		return []string{x.Name}
	case *ast.SelectorExpr:
		return []string{x.Sel.Name}
	case *ast.IndexExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return []string{id.Name}
		}
	}
	return nil
}

// lines splits a comment group into lines, each with its own position.
func lines(fset *token.FileSet, cg *ast.CommentGroup) []markers.Line {
	if cg == nil {
		return nil
	}
	var out []markers.Line
	for _, c := range cg.List {
		pos := fset.Position(c.Slash)
		text := c.Text
		if strings.HasPrefix(text, "//") {
			out = append(out, markers.Line{Text: strings.TrimPrefix(text[2:], " "), Pos: pos})
			continue
		}
		body := strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
		for i, l := range strings.Split(body, "\n") {
			p := pos
			p.Line += i
			out = append(out, markers.Line{Text: strings.TrimLeft(strings.TrimSpace(l), "*"), Pos: p, Block: true})
		}
	}
	return out
}

// namedFieldType is the name a field's type is written with (X, *X, []X,
// q.X), q and the import to resolve it with; name is prefixed with "[]"
// for a list.
func namedFieldType(f *ast.File, t ast.Expr) (declaredAs, bool) {
	shape := ""
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		case *ast.ArrayType:
			if x.Len == nil {
				shape, t = shape+"S", x.Elt
				continue
			}
		case *ast.MapType:
			shape, t = shape+"M", x.Value
			continue
		case *ast.Ident:
			return declaredAs{name: x.Name, shape: shape}, true
		case *ast.SelectorExpr:
			if q, ok := x.X.(*ast.Ident); ok {
				path, imports := importedAs(f, q.Name)
				return declaredAs{q: q.Name, name: x.Sel.Name, path: path, imports: imports, shape: shape}, true
			}
		}
		return declaredAs{}, false
	}
}

// FieldAlias is the alias declaration a field's type names. controller-gen
// reads the alias's doc and markers for the field where it is an alias of
// a builtin type of the field's own package (type Name = string), or any
// alias named from another package (q.X); an alias of a named type of the
// same package is that type to controller-gen, as to go/types (Ignored).
func (l *Loaded) FieldAlias(pkg, typeName, field string) (Alias, bool) {
	pc := l.commentsOf(pkg)
	if pc == nil {
		return Alias{}, false
	}
	d, ok := pc.fieldTypes[typeName+"."+field]
	if !ok {
		return Alias{}, false
	}
	path := l.pathOf(pkg, d)
	apc := l.commentsOf(path)
	if apc == nil {
		return Alias{}, false
	}
	a, ok := apc.aliases[d.name]
	if !ok {
		return Alias{}, false
	}
	a.Pkg, a.Shape, a.Ignored = path, d.shape, d.q == "" && !a.OfBuiltin
	return a, true
}

// pathOf is the package a name written in pkg (X, or q.X) is declared in.
func (l *Loaded) pathOf(pkg string, d declaredAs) string {
	switch {
	case d.q == "":
		return pkg
	case d.path != "":
		return d.path
	}
	// Imported under its own name: the file's import of that name.
	path := ""
	for _, ip := range d.imports {
		if l.packageName(ip) == d.q {
			path = ip
		}
	}
	return path
}

// importedAs is the import path a file imports under the explicit name q
// ("" if none does), and the paths it imports under their own names.
func importedAs(f *ast.File, q string) (path string, unnamed []string) {
	for _, is := range f.Imports {
		p := strings.Trim(is.Path.Value, "`\"")
		switch {
		case is.Name == nil:
			unnamed = append(unnamed, p)
		case is.Name.Name == q:
			return p, nil
		}
	}
	return "", unnamed
}

// DeclaredAs is the named type a type of any loaded package is declared
// as (B, for type A B or type A q.B), which go/types and gengo forget: they
// give A the underlying type of B. controller-gen describes A as B plus
// A's own markers.
func (l *Loaded) DeclaredAs(pkg, name string) (*types.Type, bool) {
	pc := l.commentsOf(pkg)
	if pc == nil {
		return nil, false
	}
	d, ok := pc.declaredAs[name]
	if !ok {
		return nil, false
	}
	if l.universe == nil {
		return nil, false // Load's first pass, which reads comments only
	}
	// The model is built on one goroutine: adding to the universe here
	// races with no reader.
	if t := l.universe.reached(l.pathOf(pkg, d), d.name); t != nil {
		return t, true
	}
	return nil, false
}

// packageName is the name a package declares: go list's, as the universe
// names only the run's packages.
func (l *Loaded) packageName(path string) string {
	if l.graph != nil {
		if p := l.graph.byPath[path]; p != nil {
			return p.Name
		}
	}
	if p := l.Universe[path]; p != nil {
		return p.Name
	}
	return ""
}

// TypeLines are the comment lines of a type of the run, and where the
// type is declared.
func (l *Loaded) TypeLines(pkg, name string) ([]markers.Line, token.Position) {
	pc := l.comments[pkg]
	if pc == nil {
		return nil, token.Position{}
	}
	return pc.types[name], pc.typePos[name]
}

// InTypeDoc reports whether a comment line of a type's TypeLines is in
// its doc comment proper, not in the marker block a blank line separates
// from it: Kubernetes reads some tags (+k8s:validation-gen-nolint) only
// there.
func (l *Loaded) InTypeDoc(pkg, name string, line markers.Line) bool {
	pc := l.comments[pkg]
	if pc == nil {
		return true
	}
	return line.Pos.Line >= pc.typeDoc[name]
}

// FieldLines are the comment lines of a struct field, and where the field
// is declared.
func (l *Loaded) FieldLines(pkg, typeName, field string) ([]markers.Line, token.Position) {
	pc := l.comments[pkg]
	if pc == nil {
		return nil, token.Position{}
	}
	k := typeName + "." + field
	return pc.fields[k], pc.fieldPos[k]
}

// PackageLines are the package's own comment lines (doc.go and package
// doc comments).
func (l *Loaded) PackageLines(pkg string) []markers.Line {
	if pc := l.comments[pkg]; pc != nil {
		return pc.pkg
	}
	return nil
}

// ConstLines are the comment lines of a constant of the run.
func (l *Loaded) ConstLines(pkg, name string) []markers.Line {
	if pc := l.comments[pkg]; pc != nil {
		return pc.consts[name]
	}
	return nil
}

// ConstNames lists the constants of a package of the run that have
// comment lines, sorted.
func (l *Loaded) ConstNames(pkg string) []string {
	pc := l.comments[pkg]
	if pc == nil {
		return nil
	}
	var out []string
	for n, lines := range pc.consts {
		if len(lines) > 0 {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Declared is the top-level names of a package of the run, with where
// each is declared.
func (l *Loaded) Declared(pkg string) map[string]token.Position {
	if pc := l.comments[pkg]; pc != nil {
		return pc.decls
	}
	return nil
}

// Indexed reports whether the package's comments were read (it was part
// of the run).
func (l *Loaded) Indexed(pkg string) bool { return l.comments[pkg] != nil }

// inputPackages finds +k8s:validation-gen-input values among the package
// comments of the loaded packages that were not loaded themselves, with
// the lines that name them.
func (l *Loaded) inputPackages() ([]string, map[string]markers.Line) {
	var out []string
	lines := map[string]markers.Line{}
	for _, path := range l.Requested {
		for _, line := range l.PackageLines(path) {
			in, ok := inputTag(line.Text)
			if !ok || l.Indexed(in) {
				continue
			}
			if _, dup := lines[in]; !dup {
				out = append(out, in)
				lines[in] = line
			}
		}
	}
	sort.Strings(out)
	return out, lines
}

// inputTag reads the package a +k8s:validation-gen-input comment line
// names.
func inputTag(text string) (string, bool) {
	v, ok := strings.CutPrefix(strings.TrimSpace(text), markers.Prefix+"validation-gen-input=")
	return strings.Trim(strings.TrimSpace(v), `"`), ok
}

// ValidationPackage is the package that declares itself the validation of
// an input package, if the run loaded one: where the handwritten functions
// its types' +k8s:customValidation tags call may already be.
func (l *Loaded) ValidationPackage(input string) (string, bool) {
	v, ok := l.validation[input]
	return v, ok
}

// Published is the package that publishes the generated validation of a
// package of types outside the run: <pkg>/validation, whose package
// comment says +k8s:validation-gen-input=<pkg> (apimachinery's
// meta/v1/validation, generated by Kubernetes' generator, is one), with
// its Validate_ functions. Kubernetes' tree validates the types of such a
// package by calling it.
func (l *Loaded) Published(pkg string) (string, map[string]bool, bool) {
	if pv, ok := l.published[pkg]; ok {
		return pv.path, pv.funcs, pv.path != ""
	}
	if l.published == nil {
		l.published = map[string]*publishedValidation{}
	}
	pv := &publishedValidation{}
	l.published[pkg] = pv
	gp, ok := l.Universe[pkg]
	if !ok || gp.Dir == "" {
		return "", nil, false
	}
	if !hasValidationPackage(gp.Dir, pkg) {
		return "", nil, false
	}
	fns, err := validateFuncs(filepath.Join(gp.Dir, "validation"))
	if err != nil {
		return "", nil, false
	}
	pv.path, pv.funcs = pkg+"/validation", fns
	return pv.path, pv.funcs, true
}

// validationPackages finds, for each input package (by its directory), a
// package <input>/validation whose package comment says
// +k8s:validation-gen-input=<input>: Kubernetes' layout for the
// validation of a package of types (k8s.io/apimachinery/pkg/apis/meta/v1
// and .../meta/v1/validation). It looks in the directory below the
// input's, without asking go list again.
func validationPackages(dirs map[string]string) map[string]string {
	out := map[string]string{}
	for in, d := range dirs {
		if hasValidationPackage(d, in) {
			out[in] = in + "/validation"
		}
	}
	return out
}

// hasValidationPackage reports whether the package pkg in dir has a
// validation package below it, dir/validation, whose package comment
// says +k8s:validation-gen-input=<pkg>.
func hasValidationPackage(dir, pkg string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "validation", "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && declaresInput(f, pkg) {
			return true
		}
	}
	return false
}

// declaresInput reports whether a Go file's comments before its package
// clause say +k8s:validation-gen-input=<input>.
func declaresInput(file, input string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return false
	}
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if in, ok := inputTag(strings.TrimPrefix(c.Text, "//")); ok && in == input {
				return true
			}
		}
	}
	return false
}

// checkInputs reports the input packages that cannot be loaded at the
// tags that name them; gengo's own error would name neither. It returns
// the directories of those that can.
func checkInputs(dir string, paths []string, lines map[string]markers.Line, buildTags []string) (map[string]string, error) {
	cfg := &packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedFiles}
	if len(buildTags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(buildTags, ",")}
	}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, err
	}
	dirs := map[string]string{}
	var errs []error
	for _, p := range pkgs {
		if len(p.Errors) == 0 {
			if len(p.GoFiles) > 0 {
				dirs[p.PkgPath] = filepath.Dir(p.GoFiles[0])
			}
			continue
		}
		line, ok := lines[p.PkgPath]
		if !ok {
			line, ok = lines[p.ID]
		}
		if !ok {
			continue
		}
		why := strings.Join(strings.Fields(p.Errors[0].Msg), " ")
		errs = append(errs, &markers.Error{Pos: line.Pos, Tag: strings.TrimPrefix(strings.TrimSpace(line.Text), "+"),
			Msg: fmt.Sprintf("the input package %s cannot be loaded: %s", p.PkgPath, why),
			Fix: "name a package that go list can find from this module (add its module with go get), by its import path"})
	}
	if len(errs) > 0 {
		return nil, markers.JoinSorted(errs)
	}
	return dirs, nil
}

// displayPath shortens a file path to one relative to the working
// directory when the file is below it, as compilers print positions.
func displayPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// validateFuncs lists the top-level Validate_ and ValidateAt_ functions
// declared in a directory's Go files, whatever their build constraints.
func validateFuncs(dir string) (map[string]bool, error) {
	out := map[string]bool{}
	err := eachFuncDecl(dir, func(fd *ast.FuncDecl) {
		if fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Validate") {
			out[fd.Name.Name] = true
		}
	})
	return out, err
}

// eachFuncDecl calls fn with every function and method declared in a
// directory's Go files (not tests), whatever their build constraints:
// generated files are left out of loading by their build tag.
func eachFuncDecl(dir string, fn func(*ast.FuncDecl)) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		// Only the declarations are read (names, receivers).
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), blankFuncBodies(src), parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fn(fd)
			}
		}
	}
	return nil
}

// knownRegistries need no loading: apimachinery's Scheme and this
// module's scheme-free Registry both have AddValidationFunc; the methods
// its first parameter needs (runtime.Object's) are listed.
var knownRegistries = map[string][]string{
	"k8s.io/apimachinery/pkg/runtime.Scheme":             {"DeepCopyObject", "GetObjectKind"},
	"github.com/declval/validation-gen/runtime.Registry": nil,
}

// registry is what checkRegistry found of a registry type.
type registry struct {
	err error
	// needs are the methods a registered type's pointer must have: those
	// of the interface AddValidationFunc takes.
	needs []string
}

// CheckRegistry makes sure a +k8s:validation-gen-scheme-registry value
// names a type, by import path and name, whose pointer has the
// AddValidationFunc method the generated RegisterValidations calls.
func (l *Loaded) CheckRegistry(value string) error {
	return l.registry(value).err
}

func (l *Loaded) registry(value string) registry {
	if needs, ok := knownRegistries[value]; ok {
		return registry{needs: needs}
	}
	if r, ok := l.registries[value]; ok {
		return r
	}
	r := l.loadRegistry(value)
	if l.registries == nil {
		l.registries = map[string]registry{}
	}
	l.registries[value] = r
	return r
}

// RegistryNeeds lists the methods a type registered with the registry
// must have.
func (l *Loaded) RegistryNeeds(value string) []string { return l.registry(value).needs }

func (l *Loaded) loadRegistry(value string) registry {
	i := strings.LastIndex(value, ".")
	if i <= 0 || !strings.Contains(value[:i], "/") {
		return registry{err: fmt.Errorf("%q does not name a type by import path and name", value)}
	}
	path, name := value[:i], value[i+1:]
	pkgs, err := packages.Load(&packages.Config{Dir: l.dir, Mode: packages.NeedName | packages.NeedTypes}, path)
	if err != nil {
		return registry{err: fmt.Errorf("package %s cannot be loaded: %v", path, err)}
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || pkgs[0].Types == nil {
		msg := "it is not found"
		if len(pkgs) == 1 && len(pkgs[0].Errors) > 0 {
			msg = pkgs[0].Errors[0].Msg
		}
		return registry{err: fmt.Errorf("package %s cannot be loaded: %s", path, strings.Join(strings.Fields(msg), " "))}
	}
	obj, ok := pkgs[0].Types.Scope().Lookup(name).(*gotypes.TypeName)
	if !ok {
		return registry{err: fmt.Errorf("package %s declares no type %s", path, name)}
	}
	ms := gotypes.NewMethodSet(gotypes.NewPointer(obj.Type()))
	sel := ms.Lookup(obj.Pkg(), "AddValidationFunc")
	if sel == nil {
		return registry{err: fmt.Errorf("%s has no AddValidationFunc method, which the generated RegisterValidations calls", value)}
	}
	var r registry
	if sig, ok := sel.Type().(*gotypes.Signature); ok && sig.Params().Len() > 0 {
		if iface, ok := sig.Params().At(0).Type().Underlying().(*gotypes.Interface); ok {
			for i := 0; i < iface.NumMethods(); i++ {
				r.needs = append(r.needs, iface.Method(i).Name())
			}
		}
	}
	return r
}

// MethodsMissing lists the methods of needs that the pointer to the named
// type t lacks: declared in no file of its package (whatever their build
// constraints) and not promoted from an embedded field (TypeMeta's
// GetObjectKind). A generated RegisterValidations that registers *t needs
// them (runtime.Object's, for a runtime.Scheme).
func (l *Loaded) MethodsMissing(t *types.Type, needs []string) []string {
	dir := ""
	if p := l.Universe.Package(t.Name.Package); p != nil {
		dir = p.Dir
	}
	declared, ok := l.methods[dir]
	if !ok && dir != "" {
		declared, _ = MethodsDeclared(dir)
		if l.methods == nil {
			l.methods = map[string]map[string]map[string]bool{}
		}
		l.methods[dir] = declared
	}
	var missing []string
	for _, n := range needs {
		if declared[t.Name.Name][n] {
			continue
		}
		// An exported name is found whatever the package.
		if t.GoType != nil && gotypes.NewMethodSet(gotypes.NewPointer(t.GoType)).Lookup(nil, n) != nil {
			continue
		}
		missing = append(missing, n)
	}
	return missing
}

// MethodsDeclared lists, by receiver type name, the methods declared in a
// directory's Go files whatever their build constraints: deepcopy-gen's
// DeepCopyObject is in a file the generator's build tag leaves out.
func MethodsDeclared(dir string) (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	err := eachFuncDecl(dir, func(fd *ast.FuncDecl) {
		if fd.Recv == nil || len(fd.Recv.List) != 1 {
			return
		}
		rt := fd.Recv.List[0].Type
		if st, ok := rt.(*ast.StarExpr); ok {
			rt = st.X
		}
		if id, ok := rt.(*ast.Ident); ok {
			if out[id.Name] == nil {
				out[id.Name] = map[string]bool{}
			}
			out[id.Name][fd.Name.Name] = true
		}
	})
	return out, err
}
