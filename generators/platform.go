package generators

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"

	"github.com/declval/validation-gen/dialect"
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
//
// In a package written for controller-gen, these are warnings: controller-
// gen writes what names the declaration all the same (its deep copies),
// and the project builds where the constraint holds (Crossplane's
// //go:build !goverter, which only its converter generator's builds set).
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
		msg := fmt.Sprintf("%s is declared in a file that builds only on some platforms (%s), while the generated %s, which %s, builds on every one, and would not build (or would differ) elsewhere", name, c.Why, filepath.Base(path), how)
		fix := fmt.Sprintf("declare %s in a file without build constraints (API types build the same everywhere)", name)
		if d, _ := dialect.Of(l, pkg); d == dialect.ControllerGen {
			errs = append(errs, &markers.Warning{Kind: markers.ConstrainedFile, Pos: c.Pos, Msg: msg,
				Does: "writes the CRD, and deep copies that name it, all the same (so does validation-gen, its validators too)", Fix: fix})
			continue
		}
		errs = append(errs, &markers.Error{Pos: c.Pos, Msg: msg, Fix: fix})
	}
	return errs
}
