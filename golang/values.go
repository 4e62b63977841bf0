package golang

import (
	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// eachVal applies rules to every element of the list or map at pl.
func (c *fnCtx) eachVal(pl place, rules []model.Rule) []jen.Code {
	r := gotype.Resolve(pl.valueType())
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
	// A tracked list is the same as its compared list when both have the
	// same length and each item is the same as the compared item at its
	// index: the old item found by key or value, which must then sit at
	// that index, or, for items without old ones, the item at the index.
	elem, ls := c.trackItems(pl, elem, withType)
	trackList := ls != ""
	body := c.itemChecks(elem, withType)
	if len(body) == 0 {
		return nil
	}
	var loop []jen.Code
	switch {
	case find == nil && !trackList && !codeMentions(body, ev):
		// Checks that do not read the item (immutable without an old item).
	case elem.isPtr():
		loop = append(loop, jen.Id(ev).Op(":=").Add(pl.deref()).Index(jen.Id(i)))
	default:
		loop = append(loop, jen.Id(ev).Op(":=").Op("&").Add(pl.deref()).Index(jen.Id(i)))
	}
	if find != nil {
		loop = append(loop, jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())))
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev+"i").Op(":=").Id(i))
		}
		loop = append(loop, find(ev, eov))
	}
	if trackList {
		pos := c.name("epos")
		loop = append(loop, c.listItemCmp(pl, elem, i, ls, pos, find != nil)...)
		body = c.lazyGate(elem, body)
		sameItem := jen.Id(ls).Op("=").Id(ls).Op("&&").Id(elem.same)
		if find != nil {
			// An old item found elsewhere (a reordered list, a repeated
			// key) says nothing about the item at this index.
			sameItem = jen.If(jen.Id(elem.cv).Op("==").Id(pos)).Block(sameItem).Else().Block(
				jen.Id(ls).Op("=").Id(ls).Op("&&").Add(c.eqTo(elem, pos)))
		}
		body = append(body, sameItem)
	} else if find != nil {
		if elem.isPtr() {
			// A nil item has nothing to validate; an unchanged one is not
			// validated again.
			eq := c.e.eq.Call(elem.valueType(), jen.Id(ev), jen.Id(eov))
			unchanged := isUpdate().Op("&&").Id(ev).Op("!=").Nil().Op("&&").Id(eov).Op("!=").Nil().Op("&&").Add(eq)
			body = []jen.Code{ratchetGate(unchanged, body, c.unchangedTransitionsOf(elem, withType))}
		} else {
			body = []jen.Code{ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType))}
		}
	}
	loop = append(loop, body...)
	out := decl
	if trackList {
		out = append(out, jen.Id(ls).Op(":=").Id(pl.cv).Op("!=").Nil().Op("&&").Len(jen.Op("*").Id(pl.cv)).Op("==").Len(pl.derefRaw()))
	}
	out = append(out, jen.For(jen.Id(i).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...))
	out = append(out, done...)
	if trackList {
		out = append(out, jen.Id(pl.same).Op("=").Id(ls), jen.Id(pl.known).Op("=").True())
	}
	if len(decl) > 0 || trackList {
		return []jen.Code{jen.Block(out...)}
	}
	return out
}

// itemChecks validates a list item or map value: with its type's own
// validation when withType is set, else with the place's rules.
func (c *fnCtx) itemChecks(elem place, withType bool) []jen.Code {
	if withType {
		return c.structure(elem, true)
	}
	return c.valueChecks(elem, nil)
}

// trackItems makes the items of a tracked list or map (pl, whose items'
// type is validated) tracked places, compared with ecv (and ecvOK); the
// returned name is the variable holding the whole list's or map's
// equality, or "" when pl is not tracked.
func (c *fnCtx) trackItems(pl, elem place, withType bool) (place, string) {
	if !withType || pl.same == "" {
		return elem, ""
	}
	all := c.name("same")
	ecv := c.name("ecv")
	elem.cv, elem.cmpParent = ecv, ecv+"OK"
	return c.track(elem), all
}

// listItemCmp declares the compared item of a tracked list's item i (ecv,
// and ecvOK: it exists) and, for a list whose items are matched with old
// ones, the item at index i (pos), which the list's equality needs.
func (c *fnCtx) listItemCmp(pl, elem place, i, ls, pos string, correlated bool) []jen.Code {
	ecv, ok := elem.cv, elem.cmpParent
	at := jen.Op("&").Parens(jen.Op("*").Id(pl.cv)).Index(jen.Id(i))
	if elem.isPtr() {
		at = jen.Parens(jen.Op("*").Id(pl.cv)).Index(jen.Id(i))
	}
	// Only a pointer item needs ecvOK: a nil ecv tells the rest apart.
	out := []jen.Code{jen.Var().Id(ecv).Op("*").Add(c.e.typeCode(elem.valueType()))}
	if elem.isPtr() {
		out = append(out, jen.Id(ok).Op(":=").Id(ls))
	}
	out = append(out, jen.If(jen.Id(ls)).Block(jen.Id(ecv).Op("=").Add(at)))
	if correlated {
		// With an old list (the compared one), the item compared is the
		// old item found: the one the item's checks ratchet against.
		out = append(out, jen.Id(pos).Op(":=").Id(ecv))
		fromOld := []jen.Code{jen.Id(ecv).Op("=").Id(elem.ov)}
		if elem.isPtr() {
			fromOld = append(fromOld, jen.Id(ok).Op("=").Id(ecv).Op("!=").Nil())
		}
		out = append(out, jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(fromOld...))
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
	// A tracked map is the same as its compared map when both have the
	// same keys and each value is the same as the compared value.
	elem, ms := c.trackItems(pl, elem, withType)
	trackMap := ms != ""
	body := c.itemChecks(elem, withType)
	if len(body) == 0 {
		return nil
	}
	ovVal := c.name("o")
	var loop []jen.Code
	readsValue := true
	if !pl.hasOld() && !trackMap && !codeMentions(body, ev) {
		// Checks that do not read the value (immutable without an old
		// value).
		readsValue = false
	} else if !pl.hasOld() {
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev).Op(":=").Id(val))
		} else {
			loop = append(loop, jen.Id(ev).Op(":=").Op("&").Id(val))
		}
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
	switch {
	case trackMap:
		loop = append(loop, c.mapValueCmp(pl, elem, k, ms)...)
		loop = append(loop, c.lazyGate(elem, body)...)
		loop = append(loop, jen.Id(ms).Op("=").Id(ms).Op("&&").Id(elem.same))
	case pl.hasOld():
		loop = append(loop, ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType)))
	default:
		loop = append(loop, body...)
	}
	start := c.name("start")
	var out []jen.Code
	if trackMap {
		out = append(out, jen.Id(ms).Op(":=").Id(pl.cv).Op("!=").Nil().Op("&&").Len(jen.Op("*").Id(pl.cv)).Op("==").Len(pl.derefRaw()))
	}
	out = append(out,
		jen.Id(start).Op(":=").Len(jen.Id("errs")),
		jen.For(rangeVars(k, val, readsValue).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...),
		jen.Qual(pkgRT, "SortSince").Call(jen.Id("errs"), jen.Id(start)),
	)
	if trackMap {
		out = append(out, jen.Id(pl.same).Op("=").Id(ms), jen.Id(pl.known).Op("=").True())
		return []jen.Code{jen.Block(out...)}
	}
	return out
}

// mapValueCmp declares the compared value of a tracked map's value at
// key k (ecv, and ecvOK: it exists), clearing ms when there is none. With
// an old map (the compared one), it is the old value already found.
func (c *fnCtx) mapValueCmp(pl, elem place, k, ms string) []jen.Code {
	ecv, ok := elem.cv, elem.cmpParent
	out := []jen.Code{
		jen.Var().Id(ecv).Op("*").Add(c.e.typeCode(elem.valueType())),
		jen.Var().Id(ok).Bool(),
	}
	lookup := jen.List(jen.Id(ecv), jen.Id(ok)).Op("=").Parens(jen.Op("*").Id(pl.cv)).Index(jen.Id(k))
	if !elem.isPtr() {
		cp := c.name("co")
		lookup = jen.If(jen.List(jen.Id(cp), jen.Id("found")).Op(":=").Parens(jen.Op("*").Id(pl.cv)).Index(jen.Id(k)), jen.Id("found")).Block(
			jen.List(jen.Id(ecv), jen.Id(ok)).Op("=").List(jen.Op("&").Id(cp), jen.True()))
	}
	fromCmp := jen.If(jen.Id(pl.cv).Op("!=").Nil()).Block(lookup)
	if pl.hasOld() {
		fromOld := jen.List(jen.Id(ecv), jen.Id(ok)).Op("=").List(jen.Id(elem.ov), jen.Id(elem.ov).Op("!=").Nil())
		if elem.isPtr() {
			fromOld = jen.List(jen.Id(ecv), jen.Id(ok)).Op("=").List(jen.Id(elem.ov), jen.Id(elem.oldParent))
		}
		out = append(out, jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(fromOld).Else().Add(fromCmp))
	} else {
		out = append(out, fromCmp)
	}
	return append(out, jen.If(jen.Op("!").Id(ok)).Block(jen.Id(ms).Op("=").False()))
}

// keyPath is the path of a map entry for a key of type kt.
func keyPath(parent, k string, kt *types.Type) jen.Code {
	r := gotype.Resolve(kt)
	if r.Kind == types.Builtin && gotype.BuiltinKind(r.Name.Name) == "int" {
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
	r := gotype.Resolve(pl.valueType())
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
		loop = append(loop, jen.If(isUpdate().Op("&&").Id(pl.ov).Op("!=").Nil()).Block(
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
		r := gotype.Resolve(vt)
		if pl.typeFunc && vt.Kind == types.Alias {
			r = vt.Underlying
			if mt := c.e.m.Lookup(r); mt != nil {
				// A typedef of another named type: validate as that type.
				if mt.HasValidation {
					out = []jen.Code{c.callType(mt, pl, c.e.typeQual(r))}
				}
				r = nil
			} else {
				r = gotype.Resolve(r)
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
		// A Validate_ function of another generator takes a *field.Path.
		// It gets none, and its errors are rebased onto this place when
		// there are any: building the path for every call would allocate
		// on valid objects.
		fpkg := t.Name.Package
		if mt.FuncPkg != "" {
			fpkg = mt.FuncPkg
		}
		return c.rebased(jen.Qual(fpkg, "Validate_"+t.Name.Name).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), v, ov), pl)
	}
	if c.tree && c.e.treeType(mt) {
		return c.treeCall(mt, pl, v, ov, conv)
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
		return c.rebased(jen.Add(fn).Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("freshRoot"), v, ov), pl)
	}
	return appendOwnErrs(jen.Add(fn).Call(jen.Id("ctx"), jen.Id("op"), pl.path.arg(), v, ov))
}

// rebased appends the errors of call, a validation that starts its paths
// at a root of its own, below this place when it reports any: the place's
// path is built only then.
func (c *fnCtx) rebased(call jen.Code, pl place) jen.Code {
	sub := c.name("sub")
	return jen.If(jen.Id(sub).Op(":=").Add(call), jen.Len(jen.Id(sub)).Op(">").Lit(0)).Block(
		appendOwnErrs(jen.Qual(pkgRT, "Rebase").Call(jen.Id(sub), pl.path.field())),
	)
}

// rangeVars are the variables of a range over a map: the key, and the
// value when the loop reads it.
func rangeVars(k, val string, withValue bool) *jen.Statement {
	if withValue {
		return jen.List(jen.Id(k), jen.Id(val))
	}
	return jen.Id(k)
}
