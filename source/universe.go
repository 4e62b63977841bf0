package source

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	gotypes "go/types"
	"path/filepath"
	"sort"
	"strings"

	"k8s.io/gengo/v2/types"
)

// universeBuilder builds gengo's types.Universe from the loaded go/types
// packages, with the meaning gengo's own parser gives it (k8s.io/gengo/v2
// parser: every package of the graph with its path and directory; the
// declarations of the requested packages, with their doc comments; every
// type they reach, named as gengo names types), so that the model reads
// the same universe whichever loader made it.
type universeBuilder struct {
	g *graph
	u types.Universe
	// comments are the comment groups of the parsed files by the file and
	// line they end on: a declaration's doc comment ends on the line
	// before it.
	comments map[fileLine]*ast.CommentGroup
	done     map[string]bool
}

type fileLine struct {
	file string
	line int
}

func buildUniverse(g *graph) (types.Universe, error) {
	b, err := newUniverseBuilder(g)
	if err != nil {
		return nil, err
	}
	return b.u, nil
}

// newUniverseBuilder builds the universe and keeps the builder, which can
// add a type the run's packages never reached (reached describes why).
func newUniverseBuilder(g *graph) (*universeBuilder, error) {
	b := &universeBuilder{g: g, u: types.Universe{}, comments: map[fileLine]*ast.CommentGroup{}, done: map[string]bool{}}
	for _, files := range g.syntax {
		for _, f := range files {
			for _, c := range f.Comments {
				pos := g.fset.Position(c.End())
				b.comments[fileLine{pos.Filename, pos.Line}] = c
			}
		}
	}
	for _, p := range g.listed {
		if p.ImportPath == "C" {
			continue
		}
		gp := b.u.Package(p.ImportPath)
		gp.Path = p.ImportPath
		gp.Dir = packageDir(p)
	}
	for _, path := range g.requestedPaths() {
		if err := b.addPackage(path); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// reached is the universe's type of a named type declared in any package
// of the graph, added if no type of the run reached it. A declaration
// type A B, in a package outside the run, names B although go/types gives
// A only B's underlying type: B's own comments and markers describe A
// (operatorpkg's type Condition metav1.Condition), so B must be there
// even when the run names only A.
func (b *universeBuilder) reached(pkg, name string) *types.Type {
	if p := b.u[pkg]; p != nil {
		if t := p.Types[name]; t != nil && t.Kind != types.Unknown {
			return t
		}
	}
	tp := b.g.types[pkg]
	if tp == nil {
		lp := b.g.byPath[pkg]
		if lp == nil || b.g.fromSource[pkg] || lp.Export == "" {
			return nil
		}
		var err error
		if tp, err = b.g.readExport(lp); err != nil {
			return nil
		}
	}
	obj, ok := tp.Scope().Lookup(name).(*gotypes.TypeName)
	if !ok {
		return nil
	}
	t := b.walk(nil, obj.Type())
	b.attachComments(obj, t)
	return t
}

// packageDir is a package's directory as gengo records it: below its
// module's directory when it has one.
func packageDir(p *listedPackage) string {
	if p.Module != nil && p.Module.Dir != "" {
		return filepath.Join(p.Module.Dir, strings.TrimPrefix(p.ImportPath, p.Module.Path))
	}
	return p.Dir
}

// addPackage adds the declarations of a requested package, then those of
// the requested packages it imports.
func (b *universeBuilder) addPackage(path string) error {
	if b.done[path] || !b.g.requested[path] {
		return nil
	}
	b.done[path] = true
	p := b.g.byPath[path]
	tp := b.g.types[path]
	if p == nil || tp == nil {
		return fmt.Errorf("package %s was not loaded", path)
	}
	gp := b.u.Package(path)
	gp.Name = p.Name
	// doc.go's comments are the package's, by gengo's convention.
	for _, f := range b.g.syntax[path] {
		if filepath.Base(b.g.fset.Position(f.FileStart).Filename) != "doc.go" {
			continue
		}
		gp.Comments = []string{}
		for _, c := range f.Comments {
			gp.Comments = append(gp.Comments, splitLines(c.Text())...)
		}
		if f.Doc != nil {
			gp.DocComments = splitLines(f.Doc.Text())
		}
	}
	scope := tp.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *gotypes.TypeName:
			b.attachComments(obj, b.walk(nil, obj.Type()))
		case *gotypes.Func:
			if sig, ok := obj.Type().(*gotypes.Signature); ok && sig.Recv() == nil {
				b.attachComments(obj, b.function(obj))
			}
		case *gotypes.Var:
			if !obj.IsField() {
				b.attachComments(obj, b.variable(obj))
			}
		case *gotypes.Const:
			b.attachComments(obj, b.constant(obj))
		}
	}
	imports := tp.Imports()
	sort.Slice(imports, func(i, j int) bool { return imports[i].Path() < imports[j].Path() })
	var paths []string
	for _, imp := range imports {
		if err := b.addPackage(imp.Path()); err != nil {
			return err
		}
		paths = append(paths, imp.Path())
	}
	b.u.AddImports(path, paths...)
	return nil
}

// attachComments gives a declaration its doc comment and the detached
// block above it, as gengo does: an alias's do not replace its target's.
func (b *universeBuilder) attachComments(obj gotypes.Object, t *types.Type) {
	_, alias := obj.Type().(*gotypes.Alias)
	if lines := b.docComment(obj.Pos()); len(lines) > 0 && (len(t.CommentLines) == 0 || !alias) {
		t.CommentLines = lines
	}
	if lines := b.detachedComment(obj.Pos()); len(lines) > 0 && (len(t.SecondClosestCommentLines) == 0 || !alias) {
		t.SecondClosestCommentLines = lines
	}
}

// commentEndingBefore is the comment group that ends lines lines before
// pos.
func (b *universeBuilder) commentEndingBefore(pos token.Pos, lines int) *ast.CommentGroup {
	if !pos.IsValid() {
		return nil
	}
	p := b.g.fset.Position(pos)
	return b.comments[fileLine{p.Filename, p.Line - lines}]
}

func (b *universeBuilder) docComment(pos token.Pos) []string {
	return splitLines(b.commentEndingBefore(pos, 1).Text())
}

// detachedComment is the comment block one blank line above the doc
// comment (or above the declaration, without one): gofmt leaves at most
// one blank line.
func (b *universeBuilder) detachedComment(pos token.Pos) []string {
	if doc := b.commentEndingBefore(pos, 1); doc != nil {
		return splitLines(b.commentEndingBefore(doc.List[0].Slash, 2).Text())
	}
	return splitLines(b.commentEndingBefore(pos, 2).Text())
}

func splitLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	return lines
}

func (b *universeBuilder) function(obj *gotypes.Func) *types.Type {
	out := b.u.Function(nameOf(strings.SplitN(strings.TrimPrefix(obj.String(), "func "), "(", 2)[0]))
	out.Kind = types.DeclarationOf
	out.Underlying = b.walk(nil, obj.Type())
	return out
}

// declName is the name of a var or const from its String(): "var p.N T".
func declName(s string) types.Name { return nameOf(strings.Split(s, " ")[1]) }

func (b *universeBuilder) variable(obj *gotypes.Var) *types.Type {
	out := b.u.Variable(declName(obj.String()))
	out.Kind = types.DeclarationOf
	out.Underlying = b.walk(nil, obj.Type())
	return out
}

func (b *universeBuilder) constant(obj *gotypes.Const) *types.Type {
	out := b.u.Constant(declName(obj.String()))
	out.Kind = types.DeclarationOf
	out.Underlying = b.walk(nil, obj.Type())
	// A string's value unquoted and whole; any other as go/constant
	// prints it.
	v := obj.Val().String()
	if obj.Val().Kind() == constant.String {
		v = constant.StringVal(obj.Val())
	}
	out.ConstValue = &v
	return out
}

// nameOf is gengo's name of a type from go/types' string of it: the
// package path and the name, split at the last dot outside a type
// argument list; anonymous types keep the whole string as their name.
func nameOf(s string) types.Name {
	for _, prefix := range []string{"struct{", "<-chan", "chan<-", "chan ", "func(", "func (", "*", "map[", "["} {
		if strings.HasPrefix(s, prefix) {
			return types.Name{Name: s}
		}
	}
	generic := strings.IndexByte(s, '[')
	if generic < 0 {
		generic = len(s)
	}
	n := types.Name{Name: s}
	if dot := strings.LastIndexByte(s[:generic], '.'); dot >= 0 {
		n.Package, n.Name = s[:dot], s[dot+1:]
	}
	return n
}

// walk adds a type and the types it is made of to the universe.
func (b *universeBuilder) walk(useName *types.Name, in gotypes.Type) *types.Type {
	if a, ok := in.(*gotypes.Alias); ok {
		return b.walk(nil, gotypes.Unalias(a))
	}
	name := nameOf(in.String())
	if useName != nil {
		name = *useName
	}
	// fresh returns the universe's type of name with its Go type, and
	// whether it still has to be described.
	fresh := func() (*types.Type, bool) {
		out := b.u.Type(name)
		out.GoType = in
		return out, out.Kind == types.Unknown
	}
	switch t := in.(type) {
	case *gotypes.Struct:
		out, todo := fresh()
		if !todo {
			return out
		}
		out.Kind = types.Struct
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			out.Members = append(out.Members, types.Member{
				Name:         f.Name(),
				Embedded:     f.Anonymous(),
				Tags:         t.Tag(i),
				Type:         b.walk(nil, f.Type()),
				CommentLines: b.docComment(f.Pos()),
			})
		}
		return out
	case *gotypes.Map:
		out, todo := fresh()
		if todo {
			out.Kind = types.Map
			out.Elem = b.walk(nil, t.Elem())
			out.Key = b.walk(nil, t.Key())
		}
		return out
	case *gotypes.Pointer:
		out, todo := fresh()
		if todo {
			out.Kind = types.Pointer
			out.Elem = b.walk(nil, t.Elem())
		}
		return out
	case *gotypes.Slice:
		out, todo := fresh()
		if todo {
			out.Kind = types.Slice
			out.Elem = b.walk(nil, t.Elem())
		}
		return out
	case *gotypes.Array:
		out, todo := fresh()
		if todo {
			out.Kind = types.Array
			out.Elem = b.walk(nil, t.Elem())
			out.Len = t.Len()
		}
		return out
	case *gotypes.Chan:
		out, todo := fresh()
		if todo {
			out.Kind = types.Chan
			out.Elem = b.walk(nil, t.Elem())
		}
		return out
	case *gotypes.Basic:
		// Builtins live in the universe's package "".
		out := b.u.Type(types.Name{Name: t.Name()})
		out.GoType = in
		if out.Kind == types.Unknown {
			out.Kind = types.Unsupported
		}
		return out
	case *gotypes.Signature:
		out, todo := fresh()
		if todo {
			out.Kind = types.Func
			out.Signature = b.signature(t)
		}
		return out
	case *gotypes.Interface:
		out, todo := fresh()
		if !todo {
			return out
		}
		out.Kind = types.Interface
		t.Complete()
		for i := 0; i < t.NumMethods(); i++ {
			b.addMethod(out, t.Method(i))
		}
		return out
	case *gotypes.Named:
		return b.named(t)
	case *gotypes.TypeParam:
		// Not from the universe: a type parameter's name is only its
		// own (T), shared by every generic type.
		return &types.Type{Name: name, Kind: types.TypeParam}
	default:
		out, todo := fresh()
		if todo {
			out.Kind = types.Unsupported
		}
		return out
	}
}

// named adds a named type: a typedef of a builtin, map, slice or named
// type is an Alias of it; a struct or interface is that struct or
// interface under the type's name (generic ones named by their type
// parameters, Foo[T]).
func (b *universeBuilder) named(t *gotypes.Named) *types.Type {
	var out *types.Type
	name := nameOf(t.String())
	switch t.Underlying().(type) {
	case *gotypes.Named, *gotypes.Basic, *gotypes.Map, *gotypes.Slice:
		out = b.u.Type(name)
		out.GoType = t
		if out.Kind != types.Unknown {
			return out
		}
		out.Kind = types.Alias
		out.Underlying = b.walk(nil, t.Underlying())
	case *gotypes.Struct, *gotypes.Interface:
		params := map[string]*types.Type{}
		if tps := t.TypeParams(); tps.Len() > 0 {
			var names []string
			for i := 0; i < tps.Len(); i++ {
				tp := tps.At(i)
				names = append(names, tp.Obj().Name())
				params[tp.Obj().Name()] = b.walk(nil, tp.Constraint())
			}
			name.Name = strings.SplitN(name.Name, "[", 2)[0] + "[" + strings.Join(names, ",") + "]"
		}
		if existing := b.u.Type(name); existing.Kind != types.Unknown {
			existing.GoType = t
			return existing
		}
		out = b.walk(&name, t.Underlying())
		out.TypeParams = params
	default:
		// A named pointer, array, func or chan: the named type is its
		// underlying type under the name.
		if existing := b.u.Type(name); existing.Kind != types.Unknown {
			return existing
		}
		out = b.walk(&name, t.Underlying())
	}
	if len(out.Methods) == 0 {
		for i := 0; i < t.NumMethods(); i++ {
			b.addMethod(out, t.Method(i))
		}
	}
	return out
}

func (b *universeBuilder) addMethod(out *types.Type, m *gotypes.Func) {
	if out.Methods == nil {
		out.Methods = map[string]*types.Type{}
	}
	// gengo names a method type by the method's whole string.
	name := nameOf(m.String())
	mt := b.walk(&name, m.Type())
	mt.CommentLines = b.docComment(m.Pos())
	out.Methods[m.Name()] = mt
}

func (b *universeBuilder) signature(t *gotypes.Signature) *types.Signature {
	s := &types.Signature{Variadic: t.Variadic()}
	for i := 0; i < t.Params().Len(); i++ {
		s.Parameters = append(s.Parameters, &types.ParamResult{Name: t.Params().At(i).Name(), Type: b.walk(nil, t.Params().At(i).Type())})
	}
	for i := 0; i < t.Results().Len(); i++ {
		s.Results = append(s.Results, &types.ParamResult{Name: t.Results().At(i).Name(), Type: b.walk(nil, t.Results().At(i).Type())})
	}
	if r := t.Recv(); r != nil {
		s.Receiver = b.walk(nil, r.Type())
	}
	return s
}
