package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Generated names must not collide with what the package declares or
// with the file's imports. Package-level helpers (equal_, listKey,
// findItem, unionMembers, celRules_, celTransitions) step around the
// package's own names as they are chosen (free). Imports are named by
// jennifer when the file is rendered; File renders again with an alias
// for every import whose name the file or the package also declares
// (importClashes): the locals of generated functions (v1, ov2, fp3, ...)
// and a package's own field or operation type would otherwise hide them.

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

// importClashes parses a rendered file and returns, by import path, the
// imports whose names are declared again in the file (functions, their
// parameters, locals, package-level declarations) or among declared.
func importClashes(src []byte, declared map[string]token.Position) (map[string]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for n := range declared {
		names[n] = true
	}
	declare := func(ids ...*ast.Ident) {
		for _, id := range ids {
			if id != nil {
				names[id.Name] = true
			}
		}
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			declare(f.Names...)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			declare(x.Name)
			fields(x.Recv)
		case *ast.FuncType:
			fields(x.Params)
			fields(x.Results)
		case *ast.TypeSpec:
			declare(x.Name)
		case *ast.ValueSpec:
			declare(x.Names...)
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE {
				for _, l := range x.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						declare(id)
					}
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.DEFINE {
				for _, e := range []ast.Expr{x.Key, x.Value} {
					if id, ok := e.(*ast.Ident); ok {
						declare(id)
					}
				}
			}
		}
		return true
	})
	clashes := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, err
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if names[name] {
			clashes[p] = name
		}
	}
	return clashes, nil
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

// aliasesFor names each clashing import anew, with a name that nothing in
// the file or the package declares and no other import has.
func aliasesFor(clashes map[string]string, src []byte, declared map[string]token.Position) map[string]string {
	used := map[string]bool{}
	for n := range declared {
		used[n] = true
	}
	// Every identifier of the file, so that a new alias hides nothing.
	for _, w := range strings.FieldsFunc(string(src), func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		used[w] = true
	}
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
		if dir := path.Dir(p); dir != "." && dir != "/" {
			if parent := identChars(path.Base(dir)); parent != "" {
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
