package model

import (
	"fmt"
	"go/token"
	gotypes "go/types"
	"sort"
	"strings"

	"github.com/declval/validation-gen/markers"
)

// customPrefix starts the name of every handwritten function that
// +k8s:customValidation calls, as in Kubernetes.
const customPrefix = "ValidateCustom_"

// withCustom names the handwritten function of each +k8s:customValidation
// among rules (also under ifEnabled and ifDisabled) and checks that the
// output package declares it with the signature generated code calls:
// ValidateCustom_<Type>_<Field> for a field (goField), ValidateCustom_<Type>
// for the type itself. value is the validated value's Go type.
func (b *builder) withCustom(rules []Rule, mt *Type, goField string, value gotypes.Type) []Rule {
	out := rules
	for i, r := range rules {
		switch x := r.(type) {
		case Custom:
			x.Func = customPrefix + mt.Go.Name.Name
			if goField != "" {
				x.Func += "_" + goField
			}
			x.Nilable = nilable(value)
			b.claimCustom(mt.Pkg, x, value)
			out = replaceRule(out, i, x)
		case IfOption:
			if inner := b.withCustom(x.Rules, mt, goField, value); !sameRules(inner, x.Rules) {
				x.Rules = inner
				out = replaceRule(out, i, x)
			}
		}
	}
	return out
}

func replaceRule(rules []Rule, i int, r Rule) []Rule {
	out := append([]Rule{}, rules...)
	out[i] = r
	return out
}

func sameRules(a, b []Rule) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// nilable reports whether Kubernetes passes a value of type t to a custom
// function as it is (a pointer, list, map or interface) rather than as a
// pointer to it.
func nilable(t gotypes.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *gotypes.Pointer, *gotypes.Slice, *gotypes.Map, *gotypes.Interface:
		return true
	}
	return false
}

// claimCustom records the function a tag calls and checks its declaration.
func (b *builder) claimCustom(p *Package, x Custom, value gotypes.Type) {
	if b.customClaimed == nil {
		b.customClaimed = map[string]map[string]bool{}
	}
	if b.customClaimed[p.Path] == nil {
		b.customClaimed[p.Path] = map[string]bool{}
	}
	b.customClaimed[p.Path][x.Func] = true
	want := value
	if !x.Nilable && value != nil {
		want = gotypes.NewPointer(value)
	}
	wantSig := fmt.Sprintf("func %s(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue %s) field.ErrorList", x.Func, typeText(want))
	pkg := b.l.Universe.Package(p.Path)
	fn := pkg.Functions[x.Func]
	if fn == nil || fn.Underlying == nil || fn.Underlying.GoType == nil {
		b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
			Msg: fmt.Sprintf("+k8s:customValidation calls %s, which package %s does not declare", x.Func, p.Path),
			Fix: "declare it in a (not generated) file of " + p.Path + ": " + wantSig})
		return
	}
	sig, ok := fn.Underlying.GoType.(*gotypes.Signature)
	if !ok || !customSignature(sig, want) {
		got := "?"
		if ok {
			got = typeText(sig)
		}
		b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
			Msg: fmt.Sprintf("+k8s:customValidation calls %s, declared as %s, which the generated code cannot call", x.Func, got),
			Fix: "declare it as " + wantSig})
	}
}

// customSignature reports whether sig is the signature generated code
// calls a custom function with.
func customSignature(sig *gotypes.Signature, value gotypes.Type) bool {
	if sig.Variadic() || sig.Params().Len() != 5 || sig.Results().Len() != 1 || sig.Recv() != nil {
		return false
	}
	named := func(t gotypes.Type, pkg, name string) bool {
		n, ok := gotypes.Unalias(t).(*gotypes.Named)
		return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg
	}
	p := sig.Params()
	path, ok := p.At(2).Type().(*gotypes.Pointer)
	return named(p.At(0).Type(), "context", "Context") &&
		named(p.At(1).Type(), "k8s.io/apimachinery/pkg/api/operation", "Operation") &&
		ok && named(path.Elem(), "k8s.io/apimachinery/pkg/util/validation/field", "Path") &&
		value != nil && gotypes.Identical(p.At(3).Type(), value) && gotypes.Identical(p.At(4).Type(), value) &&
		named(sig.Results().At(0).Type(), "k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")
}

// typeText writes t as a declaration in the output package would, each
// package by its name.
func typeText(t gotypes.Type) string {
	if t == nil {
		return "?"
	}
	return gotypes.TypeString(t, func(p *gotypes.Package) string { return p.Name() })
}

// checkCustomFuncs reports, as Kubernetes does, ValidateCustom_ functions
// that no +k8s:customValidation calls (a tag forgotten or misspelt, or a
// function renamed: it would never run) and ones declared in an input
// package, where the generated code of another package cannot call them.
func (b *builder) checkCustomFuncs() {
	for _, p := range b.pkgs {
		claimed := b.customClaimed[p.Path]
		names := make([]string, 0)
		for n := range p.Declared {
			if strings.HasPrefix(n, customPrefix) && !claimed[n] {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			b.errs = append(b.errs, &markers.Error{Pos: p.Declared[n],
				Msg: fmt.Sprintf("%s is named as a function +k8s:customValidation calls, but no tag calls it, so it never runs", n),
				Fix: fmt.Sprintf("tag the type or field it validates with +k8s:customValidation (the name is %s<Type> or %s<Type>_<GoField>), or rename it", customPrefix, customPrefix)})
		}
		if p.InputPath == p.Path {
			continue
		}
		var misplaced []string
		in := b.l.Universe.Package(p.InputPath)
		for n := range in.Functions {
			if strings.HasPrefix(n, customPrefix) {
				misplaced = append(misplaced, n)
			}
		}
		sort.Strings(misplaced)
		for _, n := range misplaced {
			pos := p.Declared["package"]
			if d := b.l.Declared(p.InputPath); d != nil {
				if at, ok := d[n]; ok {
					pos = at
				}
			}
			if pos == (token.Position{}) {
				pos = b.selectedPos(p)
			}
			b.errs = append(b.errs, &markers.Error{Pos: pos,
				Msg: fmt.Sprintf("%s is declared in %s, the input package, but the validators (and the calls of +k8s:customValidation) are generated into %s", n, p.InputPath, p.Path),
				Fix: "move it to package " + p.Path})
		}
	}
}

// selectedPos is where a package was put into the run: its
// validation-gen-input (or validation-gen) tag.
func (b *builder) selectedPos(p *Package) token.Position {
	if p.selectedBy != nil {
		return p.selectedBy.Pos
	}
	return token.Position{}
}
