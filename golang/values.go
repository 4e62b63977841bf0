package golang

import (
	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/model"
)

// eachVal applies rules to every element of the list or map at pl.
func (c *fnCtx) eachVal(pl place, rules []model.Rule) []jen.Code {
	r := model.Resolve(pl.valueType())
	if r.Kind == types.Map {
		return c.mapValues(pl, r, rules, false)
	}
	return c.listElems(pl, r, rules, false)
}

// listElems loops over a list, validating each element with rules and,
// when withType is set, with the element type's own validation.
func (c *fnCtx) listElems(pl place, r *types.Type, rules []model.Rule, withType bool) []jen.Code {
	i := c.name("i")
	ev, eov := c.name("ev"), c.name("eov")
	pv := childPath(c.name("ep"), pl.path, "Index", jen.Id(i))
	elem := place{t: r.Elem, rules: rules, v: ev, ov: "nil", path: pv, oldParent: "false"}
	// Items of set and map lists are correlated with the old list (by
	// value, by key); other lists' items have no old value.
	decl, find, done := c.correlation(pl, elem)
	if find != nil {
		elem.ov = eov
		elem.oldParent = eov + " != nil"
	}
	var body []jen.Code
	if withType {
		body = c.structure(elem, true)
	} else {
		body = c.valueChecks(elem, nil)
	}
	if len(body) == 0 {
		return nil
	}
	var loop []jen.Code
	if elem.isPtr() {
		loop = append(loop, jen.Id(ev).Op(":=").Add(pl.deref()).Index(jen.Id(i)))
	} else {
		loop = append(loop, jen.Id(ev).Op(":=").Op("&").Add(pl.deref()).Index(jen.Id(i)))
	}
	if find != nil {
		loop = append(loop, jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())))
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev+"i").Op(":=").Id(i))
		}
		loop = append(loop, find(ev, eov))
		if elem.isPtr() {
			// A nil item has nothing to validate; an unchanged one is not
			// validated again.
			eq := c.e.eq.call(elem.valueType(), jen.Id(ev), jen.Id(eov))
			unchanged := jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update").Op("&&").Id(ev).Op("!=").Nil().Op("&&").Id(eov).Op("!=").Nil().Op("&&").Add(eq)
			body = []jen.Code{ratchetGate(unchanged, body, c.unchangedTransitionsOf(elem, withType))}
		} else {
			body = []jen.Code{ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType))}
		}
	}
	loop = append(loop, body...)
	out := append(decl, jen.For(jen.Id(i).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...))
	out = append(out, done...)
	if len(decl) > 0 {
		return []jen.Code{jen.Block(out...)}
	}
	return out
}

// mapValues loops over a map's values. Old values are found by key; an
// unchanged value is not validated again on update. Errors found in the
// loop are sorted so that output does not depend on map order.
func (c *fnCtx) mapValues(pl place, r *types.Type, rules []model.Rule, withType bool) []jen.Code {
	k, val := c.name("k"), c.name("val")
	ev, eov := c.name("ev"), c.name("eov")
	pv := &pathVar{name: c.name("ep"), parent: pl.path}
	pv.decl = jen.Id(pv.name).Op(":=").Add(keyPath(pl.path.name, k, r.Key))
	elem := place{t: r.Elem, rules: rules, v: ev, ov: eov, path: pv, local: true}
	ok := c.name("ok")
	elem.oldParent = ok
	if !pl.hasOld() {
		elem.ov, elem.oldParent = "nil", "false"
	}
	var body []jen.Code
	if withType {
		body = c.structure(elem, true)
	} else {
		body = c.valueChecks(elem, nil)
	}
	if len(body) == 0 {
		return nil
	}
	ovVal := c.name("o")
	var loop []jen.Code
	if !pl.hasOld() {
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev).Op(":=").Id(val))
		} else {
			loop = append(loop, jen.Id(ev).Op(":=").Op("&").Id(val))
		}
		loop = append(loop, body...)
	} else if elem.isPtr() {
		loop = append(loop,
			jen.Id(ev).Op(":=").Id(val),
			jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())),
			jen.Var().Id(ok).Bool(),
			jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(
				jen.List(jen.Id(eov), jen.Id(ok)).Op("=").Parens(jen.Op("*").Id(pl.ov)).Index(jen.Id(k)),
			),
		)
	} else {
		loop = append(loop,
			jen.Id(ev).Op(":=").Op("&").Id(val),
			jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())),
			jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(
				jen.If(jen.List(jen.Id(ovVal), jen.Id(ok)).Op(":=").Parens(jen.Op("*").Id(pl.ov)).Index(jen.Id(k)), jen.Id(ok)).Block(
					jen.Id(eov).Op("=").Op("&").Id(ovVal),
				),
			),
		)
	}
	if pl.hasOld() {
		loop = append(loop, ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType)))
	}
	start := c.name("start")
	return []jen.Code{
		jen.Id(start).Op(":=").Len(jen.Id("errs")),
		jen.For(jen.List(jen.Id(k), jen.Id(val)).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...),
		jen.Qual(pkgRT, "SortSince").Call(jen.Id("errs"), jen.Id(start)),
	}
}

// keyPath is the path of a map entry for a key of type kt.
func keyPath(parent, k string, kt *types.Type) jen.Code {
	r := model.Resolve(kt)
	if r.Kind == types.Builtin && model.BuiltinKind(r.Name.Name) == "int" {
		return jen.Id(parent).Dot("IntKey").Call(jen.Int64().Parens(jen.Id(k)))
	}
	if r.Kind == types.Builtin && r.Name.Name == "string" {
		if kt.Name.Package != "" {
			return jen.Id(parent).Dot("Key").Call(jen.String().Parens(jen.Id(k)))
		}
		return jen.Id(parent).Dot("Key").Call(jen.Id(k))
	}
	return jen.Id(parent).Dot("Key").Call(jen.Qual(pkgFmt, "Sprint").Call(jen.Id(k)))
}

// eachKey applies rules to every key of the map at pl. Errors are reported
// at the map's path, as Kubernetes does; a key already in the old map is
// not validated again on update.
//
// withType validates the keys with their type's own validation instead.
func (c *fnCtx) eachKey(pl place, rules []model.Rule, withType bool) []jen.Code {
	r := model.Resolve(pl.valueType())
	k := c.name("k")
	kv := c.name("kv")
	key := place{t: r.Key, rules: rules, v: kv, ov: "nil", path: pl.path}
	var body []jen.Code
	if withType {
		body = c.structure(key, false)
	} else {
		body = c.valueChecks(key, nil)
	}
	if len(body) == 0 {
		return nil
	}
	found := c.name("found")
	start := c.name("start")
	var loop []jen.Code
	if pl.hasOld() {
		loop = append(loop, jen.If(jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update").Op("&&").Id(pl.ov).Op("!=").Nil()).Block(
			jen.If(jen.List(jen.Id("_"), jen.Id(found)).Op(":=").Parens(jen.Op("*").Id(pl.ov)).Index(jen.Id(k)), jen.Id(found)).Block(jen.Continue()),
		))
	}
	loop = append(loop, jen.Id(kv).Op(":=").Op("&").Id(k))
	loop = append(loop, body...)
	return []jen.Code{
		jen.Id(start).Op(":=").Len(jen.Id("errs")),
		jen.For(jen.Id(k).Op(":=").Range().Add(pl.derefRaw())).Block(loop...),
		jen.Qual(pkgRT, "SortSince").Call(jen.Id("errs"), jen.Id(start)),
	}
}

// structure calls the validation of the value's type: the named type's
// function, or, for unnamed lists and maps, the validation of their
// elements. guard adds the nil check of a pointer place; callers that
// already know the value is set leave it off.
func (c *fnCtx) structure(pl place, guard bool) []jen.Code {
	if model.HasOpaque(pl.rules) {
		return nil
	}
	vt := pl.valueType()
	var out []jen.Code
	if mt := c.e.m.Lookup(vt); mt != nil && !pl.typeFunc {
		if mt.HasValidation {
			out = []jen.Code{c.callType(mt, pl, nil)}
		}
	} else {
		r := model.Resolve(vt)
		if pl.typeFunc && vt.Kind == types.Alias {
			r = vt.Underlying
			if mt := c.e.m.Lookup(r); mt != nil {
				// A typedef of another named type: validate as that type.
				if mt.HasValidation {
					out = []jen.Code{c.callType(mt, pl, c.e.typeQual(r))}
				}
				r = nil
			} else {
				r = model.Resolve(r)
			}
		}
		if r != nil {
			switch r.Kind {
			case types.Slice, types.Array:
				if c.valueNeeds(r.Elem) && !model.EachOpaque(pl.rules, false) {
					out = c.listElems(pl, r, nil, true)
				}
			case types.Map:
				if c.valueNeeds(r.Key) && !model.EachOpaque(pl.rules, true) {
					out = c.eachKey(pl, nil, true)
				}
				if c.valueNeeds(r.Elem) && !model.EachOpaque(pl.rules, false) {
					out = append(out, c.mapValues(pl, r, nil, true)...)
				}
			}
		}
	}
	if guard && pl.isPtr() && len(out) > 0 {
		return []jen.Code{jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(out...)}
	}
	return out
}

// callType calls a named type's validation function.
//
// conv, when set, converts the value pointers to *conv (a typedef of a
// named type validates as that type).
func (c *fnCtx) callType(mt *model.Type, pl place, conv jen.Code) jen.Code {
	t := mt.Go
	v, ov := jen.Id(pl.v), jen.Id(pl.ov)
	if conv != nil {
		v = jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id(pl.v))
		ov = jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id(pl.ov))
	}
	if mt.Pkg == nil && !mt.LazyPath {
		// A readonly package's Validate_ function takes a *field.Path.
		return c.appendErrs(jen.Qual(t.Name.Package, "Validate_"+t.Name.Name).Call(
			jen.Id("ctx"), jen.Id("op"), pl.path.field(), v, ov))
	}
	pkg := t.Name.Package
	if mt.Pkg != nil {
		pkg = mt.Pkg.Path
	}
	fn := jen.Qual(pkg, "ValidateAt_"+t.Name.Name)
	if mt.Recursive {
		// A fresh root keeps this path off the recursive call, so it can
		// stay on the stack; errors are rebased onto it when there are any.
		// The root is declared once per function: a variable declared in a
		// loop and passed down a recursive call would escape.
		c.freshRoot = true
		sub := c.name("sub")
		return jen.If(jen.Id(sub).Op(":=").Add(fn).Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("freshRoot"), v, ov), jen.Len(jen.Id(sub)).Op(">").Lit(0)).Block(
			c.appendErrs(jen.Qual(pkgRT, "Rebase").Call(jen.Id(sub), pl.path.field())),
		)
	}
	return c.appendErrs(jen.Add(fn).Call(jen.Id("ctx"), jen.Id("op"), pl.path.arg(), v, ov))
}
