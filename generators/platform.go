package generators

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// checkPlatform makes sure a generated file builds wherever its package
// does. The run loads each package for the platform it runs on, so a
// declaration of a file constrained to some builds (types_linux.go,
// //go:build foo) can reach generated code, which builds on every
// platform: named there (a type, a field's struct, a function), it breaks
// the build elsewhere; a typed constant can be an enum's value, read into
// the file, which would then differ by platform.
func checkPlatform(l *source.Loaded, pkg, path string, src []byte) []error {
	constrained := l.Constrained(pkg)
	if len(constrained) == 0 {
		return nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
	if err != nil {
		return []error{err}
	}
	named := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			named[id.Name] = true
		}
		return true
	})
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(constrained)) {
		c := constrained[name]
		var how string
		switch {
		case named[name]:
			how = "names it"
		case c.TypedConst:
			how = "may read its value (a constant of an enum type)"
		default:
			continue
		}
		errs = append(errs, &markers.Error{Pos: c.Pos,
			Msg: fmt.Sprintf("%s is declared in a file that builds only on some platforms (%s), while the generated %s, which %s, builds on every one, and would not build (or would differ) elsewhere", name, c.Why, filepath.Base(path), how),
			Fix: fmt.Sprintf("declare %s in a file without build constraints (API types build the same everywhere)", name)})
	}
	return errs
}
