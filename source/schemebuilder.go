package source

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	gotypes "go/types"
	"os"
	"path/filepath"
	"strings"
)

// SchemeBuilderName is the package-level variable that the generated
// init() registers RegisterValidations with, as Kubernetes' generator
// writes it: func init() { localSchemeBuilder.Register(RegisterValidations) }.
const SchemeBuilderName = "localSchemeBuilder"

// SchemeBuilder is what a package declares as localSchemeBuilder.
type SchemeBuilder struct {
	// Found: the package declares the variable, in some file.
	Found bool
	Pos   token.Position
	// Type is its type, nil when it is declared only in files the loader
	// leaves out by their build tag (register-gen's
	// zz_generated.register.go), whose types are not checked.
	Type gotypes.Type
}

// SchemeBuilder finds a package's localSchemeBuilder: among the loaded
// files, with its type, or else in any Go file of the directory, whatever
// its build constraints (generated files are left out of loading by their
// build tag, as deepcopy-gen's are for MethodsDeclared).
func (l *Loaded) SchemeBuilder(pkg string) (SchemeBuilder, error) {
	p := l.Universe.Package(pkg)
	if p == nil {
		return SchemeBuilder{}, nil
	}
	if v := p.Variables[SchemeBuilderName]; v != nil {
		sb := SchemeBuilder{Found: true, Pos: l.Declared(pkg)[SchemeBuilderName]}
		if v.Underlying != nil {
			sb.Type = v.Underlying.GoType
		}
		return sb, nil
	}
	if p.Dir == "" {
		return SchemeBuilder{}, nil
	}
	entries, err := os.ReadDir(p.Dir)
	if err != nil {
		return SchemeBuilder{}, err
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		path := filepath.Join(p.Dir, e.Name())
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			continue // the loader reports files that do not parse
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					if n.Name == SchemeBuilderName {
						pos := fset.Position(n.Pos())
						pos.Filename = displayPath(pos.Filename)
						return SchemeBuilder{Found: true, Pos: pos}, nil
					}
				}
			}
		}
	}
	return SchemeBuilder{}, nil
}

// CheckRegister reports why localSchemeBuilder.Register(RegisterValidations)
// would not compile, where RegisterValidations is a func(*<registry>) error
// and registry is "<import path>.<Name>"; nil when it compiles. Register
// may be variadic (runtime.SchemeBuilder's is) or take one function.
func (sb SchemeBuilder) CheckRegister(registry string) error {
	if sb.Type == nil {
		return nil
	}
	// A variable is addressable, so the pointer's method set applies.
	sel := gotypes.NewMethodSet(gotypes.NewPointer(sb.Type)).Lookup(nil, "Register")
	if sel == nil {
		if ptr, ok := sb.Type.Underlying().(*gotypes.Pointer); ok {
			sel = gotypes.NewMethodSet(ptr).Lookup(nil, "Register")
		}
	}
	if sel == nil {
		return fmt.Errorf("it is a %s, which has no Register method", sb.Type)
	}
	sig, _ := sel.Type().(*gotypes.Signature)
	if sig == nil || sig.Params().Len() != 1 {
		return fmt.Errorf("it is a %s, whose Register does not take one function", sb.Type)
	}
	param := sig.Params().At(0).Type()
	if sig.Variadic() {
		if s, ok := param.(*gotypes.Slice); ok {
			param = s.Elem()
		}
	}
	if takesRegisterFunc(param, registry) {
		return nil
	}
	return fmt.Errorf("it is a %s, whose Register takes a %s, not RegisterValidations (a func(*%s) error)", sb.Type, param, registry)
}

// takesRegisterFunc reports whether a value of type t can be a
// func(*registry) error.
func takesRegisterFunc(t gotypes.Type, registry string) bool {
	if iface, ok := t.Underlying().(*gotypes.Interface); ok {
		return iface.Empty()
	}
	fn, ok := t.Underlying().(*gotypes.Signature)
	if !ok || fn.Params().Len() != 1 || fn.Results().Len() != 1 || fn.Variadic() {
		return false
	}
	if !gotypes.Identical(fn.Results().At(0).Type(), gotypes.Universe.Lookup("error").Type()) {
		return false
	}
	ptr, ok := fn.Params().At(0).Type().(*gotypes.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*gotypes.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	return named.Obj().Pkg().Path()+"."+named.Obj().Name() == registry
}
