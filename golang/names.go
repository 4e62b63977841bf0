package golang

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	pathpkg "path"
	"sort"
	"strconv"
	"strings"

	"github.com/declval/validation-gen/model"
)

// Generated names must not collide with what the package declares or
// with the file's imports. Package-level helpers (equal_, listKey,
// findItem, unionMembers, celRules_, celTransitions) step around the
// package's own names as they are chosen (free). Imports are named by
// jennifer when the file is rendered; File renders again with an alias
// for every import whose name the file or the package also declares
// (clashes): the locals of generated functions (v1, ov2, fp3, ...)
// and a package's own field or operation type would otherwise hide them.
// The same rendering names the package's own types that a parameter or
// local hides (a type named p, obj or v1) by aliases declared in the file.

// free is n, or n with underscores appended until the package declares no
// such name.
func (e *goEmitter) free(n string) string {
	for e.taken(n) {
		n += "_"
	}
	return n
}

func (e *goEmitter) taken(n string) bool {
	_, ok := e.p.Declared[n]
	return ok
}

// renames are the names a rendering gives to what the first rendering's
// names would hide: imports by path, the package's own types by name.
type renames struct {
	imports map[string]string
	types   map[string]string
}

// merge adds the renames of a later rendering to r's.
func (r renames) merge(more renames) renames {
	out := renames{imports: map[string]string{}, types: map[string]string{}}
	for _, m := range []renames{r, more} {
		for k, v := range m.imports {
			out.imports[k] = v
		}
		for k, v := range m.types {
			out.types[k] = v
		}
	}
	return out
}

func (r renames) empty() bool { return len(r.imports) == 0 && len(r.types) == 0 }

func (r renames) String() string {
	return fmt.Sprintf("imports %v, types %v", r.imports, r.types)
}

// clashes parses a rendered file and finds the imports whose names are
// declared again in the file (functions, their parameters, locals,
// package-level declarations) or by the package, and the package's own
// types (own) whose names a parameter or local declares: a type named p or
// obj, hidden inside every validation function. It names each anew.
func clashes(src []byte, p *model.Package, own map[string]bool) (renames, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return renames{}, err
	}
	names, locals := map[string]bool{}, map[string]bool{}
	for n := range p.Declared {
		names[n] = true
	}
	declare := func(ids ...*ast.Ident) {
		for _, id := range ids {
			if id != nil {
				names[id.Name] = true
			}
		}
	}
	// inFunc collects the parameters and locals below n, which are in
	// scope only inside their function.
	inFunc := func(n ast.Node) {
		local := func(ids ...*ast.Ident) {
			for _, id := range ids {
				if id != nil {
					names[id.Name] = true
					locals[id.Name] = true
				}
			}
		}
		fields := func(fl *ast.FieldList) {
			if fl != nil {
				for _, f := range fl.List {
					local(f.Names...)
				}
			}
		}
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncType:
				fields(x.Params)
				fields(x.Results)
			case *ast.ValueSpec:
				local(x.Names...)
			case *ast.TypeSpec:
				local(x.Name)
			case *ast.AssignStmt:
				if x.Tok == token.DEFINE {
					for _, l := range x.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							local(id)
						}
					}
				}
			case *ast.RangeStmt:
				if x.Tok == token.DEFINE {
					for _, e := range []ast.Expr{x.Key, x.Value} {
						if id, ok := e.(*ast.Ident); ok {
							local(id)
						}
					}
				}
			}
			return true
		})
	}
	for _, d := range f.Decls {
		switch x := d.(type) {
		case *ast.FuncDecl:
			declare(x.Name)
			if x.Recv != nil {
				for _, f := range x.Recv.List {
					declare(f.Names...)
				}
			}
			inFunc(x.Type)
			if x.Body != nil {
				inFunc(x.Body)
			}
		case *ast.GenDecl:
			for _, sp := range x.Specs {
				switch s := sp.(type) {
				case *ast.TypeSpec:
					declare(s.Name)
					inFunc(s.Type)
				case *ast.ValueSpec:
					declare(s.Names...)
					for _, v := range s.Values {
						inFunc(v)
					}
				}
			}
		}
	}
	imports := map[string]string{}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return renames{}, err
		}
		name := pathpkg.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if names[name] {
			imports[path] = name
		}
	}
	var types []string
	for n := range own {
		if locals[n] {
			types = append(types, n)
		}
	}
	sort.Strings(types)
	used := usedNames(src, p.Declared)
	rn := renames{imports: aliasesFor(imports, used)}
	if len(types) > 0 {
		rn.types = map[string]string{}
		for _, n := range types {
			a := n + "Type"
			for i := 2; used[a]; i++ {
				a = n + "Type" + strconv.Itoa(i)
			}
			used[a] = true
			rn.types[n] = a
		}
	}
	return rn, nil
}

// usedNames are the package's declared names and every identifier of a
// rendered file, which a new name must not hide.
func usedNames(src []byte, declared map[string]token.Position) map[string]bool {
	used := map[string]bool{}
	for n := range declared {
		used[n] = true
	}
	for _, w := range strings.FieldsFunc(string(src), func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		used[w] = true
	}
	return used
}

// identChars keeps the lower-case letters and digits of s, as jennifer's
// import names have only those.
func identChars(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// aliasesFor names each clashing import anew, with a name that is not in
// used (which it extends) and no other import has.
func aliasesFor(clashes map[string]string, used map[string]bool) map[string]string {
	paths := make([]string, 0, len(clashes))
	for p := range clashes {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out := map[string]string{}
	for _, p := range paths {
		// The Kubernetes convention (metav1, corev1): the parent path
		// element before the name.
		base := clashes[p] + "pkg"
		if dir := pathpkg.Dir(p); dir != "." && dir != "/" {
			if parent := identChars(pathpkg.Base(dir)); parent != "" {
				base = parent + clashes[p]
			}
		}
		alias := base
		for i := 2; used[alias]; i++ {
			alias = base + strconv.Itoa(i)
		}
		used[alias] = true
		out[p] = alias
	}
	return out
}
