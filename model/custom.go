package model

import (
	"fmt"
	"go/token"
	gotypes "go/types"
	"sort"
	"strings"

	"github.com/declval/validation-gen/gotype"
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
	if len(rules) == 0 {
		return rules
	}
	out := make([]Rule, len(rules))
	for i, r := range rules {
		switch x := r.(type) {
		case Custom:
			x.Func = customPrefix + mt.Go.Name.Name
			if goField != "" {
				x.Func += "_" + goField
			}
			x.Nilable = gotype.Nilable(value)
			r = b.claimCustom(mt.Pkg, x, value)
		case IfOption:
			x.Rules = b.withCustom(x.Rules, mt, goField, value)
			r = x
		}
		out[i] = r
	}
	return out
}

// claimCustom records the function a tag calls and checks its
// declaration: in the output package, or, when that declares none and the
// types are read through +k8s:validation-gen-input, in the package that
// declares itself the input's validation (apimachinery's
// meta/v1/validation declares ValidateCustom_Condition_LastTransitionTime,
// which Kubernetes' generator needs copied into every package that
// generates meta/v1's validation).
func (b *builder) claimCustom(p *Package, x Custom, value gotypes.Type) Custom {
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
	wantSig := fmt.Sprintf("func %s(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue %s) field.ErrorList", x.Func, gotype.TypeText(want))
	fn := b.l.Universe.Package(p.Path).Functions[x.Func]
	if fn == nil && p.InputPath != p.Path {
		if vp, ok := b.l.ValidationPackage(p.InputPath); ok {
			if vfn := b.l.Universe.Package(vp).Functions[x.Func]; vfn != nil {
				fn, x.FuncPkg = vfn, vp
			}
		}
	}
	if fn == nil || fn.Underlying == nil || fn.Underlying.GoType == nil {
		b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
			Msg: fmt.Sprintf("calls %s, which package %s does not declare", x.Func, p.Path),
			Fix: "declare it in a (not generated) file of " + p.Path + ": " + wantSig})
		return x
	}
	sig, ok := fn.Underlying.GoType.(*gotypes.Signature)
	if !ok || !gotype.ValidatorSignature(sig, want) {
		got := "?"
		if ok {
			got = gotype.TypeText(sig)
		}
		where := p.Path
		if x.FuncPkg != "" {
			where = x.FuncPkg
		}
		b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
			Msg: fmt.Sprintf("calls %s of %s, declared as %s, which the generated code cannot call", x.Func, where, got),
			Fix: "declare it as " + wantSig})
	}
	return x
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
