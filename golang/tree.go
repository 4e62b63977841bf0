package golang

import (
	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/equal"
	"github.com/declval/validation-gen/model"
)

// Update ratcheting asks, at every place, whether the value equals its
// old value. On a recursive type, asking an equality function at each
// level walks the whole subtree below each level again: quadratic in the
// depth. A recursive type of the package is therefore validated by a
// validateTree function that also returns whether the value equals a
// value to compare with (the old value, or, for the items of a list
// without old items, the item at the same index of the old list), found
// out bottom-up by the descents it makes anyway. A place holding a
// recursive type (tracked) is validated first and its errors dropped when
// it turned out unchanged; every other place compares once, as before.
// Update validation is then linear in the size of the value.
//
// The recursion also counts its levels (runtime.Nesting), so that a value
// built in Go that contains itself is reported instead of overflowing the
// stack.

// treeType reports whether a named type is validated by a validateTree
// function: a recursive type of this package with validation.
func (e *goEmitter) treeType(mt *model.Type) bool {
	return mt != nil && mt.Recursive && mt.HasValidation && mt.Pkg != nil && mt.Pkg.Path == e.p.Path
}

// holdsTree reports whether a value of type t is, or holds through
// unnamed pointers, lists and maps, a value of a treeType.
func (e *goEmitter) holdsTree(t *types.Type) bool {
	for {
		if mt := e.m.Lookup(t); mt != nil {
			return e.treeType(mt)
		}
		switch t.Kind {
		case types.Pointer, types.Slice, types.Array, types.Map:
			t = t.Elem
		default:
			return false
		}
	}
}

// treeFn names the validateTree function of a type.
func (e *goEmitter) treeFn(t *types.Type) string {
	if e.treeFns == nil {
		e.treeFns = map[*types.Type]string{}
	}
	n, ok := e.treeFns[t]
	if !ok {
		n = e.free("validateTree_" + t.Name.Name)
		e.treeFns[t] = n
	}
	return n
}

// tracked reports whether, in a validateTree function, the place's
// equality comes from its descent. Transition rules below a value run on
// it also when it is unchanged, so such a place compares first, as
// elsewhere.
func (c *fnCtx) tracked(pl place) bool {
	return c.tree && !model.HasOpaque(pl.rules) && c.e.holdsTree(pl.valueType()) && !c.e.m.TransitionsBelow(pl.valueType())
}

// track names the variables a tracked place's descent sets.
func (c *fnCtx) track(pl place) place {
	pl.same, pl.known = c.name("same"), c.name("known")
	return pl
}

// eqTo compares the value at pl with other (an expression of the same
// type as pl.v): for a pointer place, nil equals only nil.
func (c *fnCtx) eqTo(pl place, other string) jen.Code {
	vt := pl.valueType()
	q := c.e.eq
	if pl.isPtr() {
		if equal.IsComparable(vt) {
			return jen.Qual(pkgRT, "PtrEqual").Call(jen.Id(pl.v), jen.Id(other))
		}
		return jen.Qual(pkgRT, "PtrEqualFunc").Call(jen.Id(pl.v), jen.Id(other), jen.Id(q.Fn(vt)))
	}
	if pl.local && q.Reflects(vt) {
		// A local copy's address must not reach reflection.
		return jen.Qual(pkgRT, "SemanticEqual").Call(jen.Id(pl.v), jen.Id(other))
	}
	return q.Call(vt, jen.Id(pl.v), jen.Id(other))
}

// sameAsCmp is the bool expression: the value at pl equals its compared
// value, which exists.
func (c *fnCtx) sameAsCmp(pl place) jen.Code {
	if pl.cv == "nil" || pl.cv == "" {
		return jen.False()
	}
	if pl.isPtr() {
		return jen.Id(pl.cmpParent).Op("&&").Add(c.eqTo(pl, pl.cv))
	}
	return jen.Id(pl.cv).Op("!=").Nil().Op("&&").Add(c.eqTo(pl, pl.cv))
}

// oldUnchanged is the ratcheting condition on update, given a bool
// expression telling that the value equals its old value where that
// exists.
func (c *fnCtx) oldUnchanged(pl place, same jen.Code) jen.Code {
	exists := pl.oldParent
	if !pl.isPtr() {
		exists = pl.ov + " != nil"
	}
	return isUpdate().Op("&&").Id(exists).Op("&&").Add(same)
}

// trackedBody declares a tracked place's variables around its checks,
// and decides its equality with an equality function when no descent
// did (a nil pointer, a check that stopped the others).
func (c *fnCtx) trackedBody(pl place, body []jen.Code) []jen.Code {
	out := []jen.Code{jen.Var().List(jen.Id(pl.same), jen.Id(pl.known)).Bool()}
	out = append(out, body...)
	out = append(out, jen.If(jen.Op("!").Id(pl.known)).Block(jen.Id(pl.same).Op("=").Add(c.sameAsCmp(pl))))
	return out
}

// lazyGate is the ratcheting gate of a tracked place: its checks run, and
// their errors are dropped when the value turned out unchanged.
func (c *fnCtx) lazyGate(pl place, body []jen.Code) []jen.Code {
	start := c.name("start")
	out := []jen.Code{jen.Id(start).Op(":=").Len(jen.Id("errs"))}
	out = append(out, c.trackedBody(pl, body)...)
	if !pl.hasOld() {
		return out[1:]
	}
	return append(out, jen.If(c.oldUnchanged(pl, jen.Id(pl.same))).Block(
		jen.Id("errs").Op("=").Id("errs").Index(jen.Empty(), jen.Id(start))))
}

// eagerGate is the ratcheting gate of an untracked place in a
// validateTree function: one comparison with the compared value serves
// both the gate and the function's result.
func (c *fnCtx) eagerGate(pl place, body, transitions []jen.Code) []jen.Code {
	s := c.name("same")
	return []jen.Code{
		jen.Id(s).Op(":=").Add(c.sameAsCmp(pl)),
		jen.Id("same").Op("=").Id("same").Op("&&").Id(s),
		ratchetGate(c.oldUnchanged(pl, jen.Id(s)), body, transitions),
	}
}

// treeCall validates a value of a treeType: the call, its errors, and,
// on a tracked place, its equality.
func (c *fnCtx) treeCall(mt *model.Type, pl place, v, ov jen.Code, conv jen.Code) jen.Code {
	c.freshRoot = true
	sub, s := c.name("sub"), "_"
	if pl.same != "" {
		s = c.name("same")
	}
	// Without a tracked equality, the old value is the one compared with,
	// so that the callee still ratchets against it.
	cv := ov
	if pl.same != "" {
		cv = jen.Id(pl.cv)
		if conv != nil && pl.cv != "nil" {
			cv = jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id(pl.cv))
		}
	}
	out := []jen.Code{
		jen.List(jen.Id(sub), jen.Id(s)).Op(":=").Id(c.e.treeFn(mt.Go)).Call(
			jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("freshRoot"), v, ov, cv, jen.Id("nesting")),
		jen.If(jen.Len(jen.Id(sub)).Op(">").Lit(0)).Block(
			appendOwnErrs(jen.Qual(pkgRT, "Rebase").Call(jen.Id(sub), pl.path.field()))),
	}
	if pl.same != "" {
		out = append(out, jen.Id(pl.same).Op("=").Id(s), jen.Id(pl.known).Op("=").True())
	}
	return jen.Block(out...)
}

// treeFuncs writes the validateTree function of a recursive type; its
// ValidateAt_ function starts the recursion and reports a value nested
// too deeply.
func (e *goEmitter) treeFuncs(t *model.Type, params []jen.Code) {
	name := t.Go.Name.Name
	fn := e.treeFn(t.Go)
	tq := e.typeQual(t.Go)
	e.f.Commentf("ValidateAt_%s is Validate_%s with a lazily built field path; generated", name, name)
	e.f.Comment("code calls it so that validating a valid object allocates nothing.")
	e.f.Func().Id("ValidateAt_"+name).Params(params...).Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(
		jen.Var().Id("nesting").Qual(pkgRT, "Nesting"),
		jen.List(jen.Id("errs"), jen.Id("_")).Op("=").Id(fn).Call(jen.Id("ctx"), jen.Id("op"), jen.Id("p"), jen.Id("obj"), jen.Id("oldObj"), jen.Id("oldObj"), jen.Op("&").Id("nesting")),
		jen.If(jen.Id("e").Op(":=").Id("nesting").Dot("Err").Call(jen.Id("p")), jen.Id("e").Op("!=").Nil()).Block(
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("e"))),
		jen.Return(),
	)
	e.f.Line()

	c := &fnCtx{e: e, tree: true}
	root := &pathVar{name: "p", ptr: true}
	self := place{t: t.Go, rules: t.Rules, v: "obj", ov: "oldObj", path: root, enum: t.Enum, enumLevel: t.EnumLevel, typeFunc: true, cv: "cmpObj", cmpParent: "true"}
	var body []jen.Code
	if t.Go.Kind == types.Struct {
		body = append(body, c.unionChecks(t.Unions, "obj", "oldObj", root, false)...)
		body = append(body, c.dependencyChecks(t.Dependencies, "obj", "oldObj", root)...)
		body = append(body, c.modeChecks(t, root)...)
		body = append(body, c.valueChecks(self, nil)...)
		fields, unchecked := c.structFieldsTree(t, root)
		body = append(body, fields...)
		if e.m.HasCEL(t) {
			body = append(body, e.celRulesCall(t, root)...)
		}
		body = append(body, unchecked...)
	} else {
		self = c.track(self)
		body = append(body, c.trackedBody(self, c.valueChecks(self, c.structure(self, false)))...)
		body = append(body, jen.Id("same").Op("=").Id(self.same))
	}
	body = c.withFreshRoot(body)
	pre := []jen.Code{
		jen.If(jen.Op("!").Id("nesting").Dot("Enter").Call()).Block(jen.Return(jen.Nil(), jen.False())),
		jen.Defer().Id("nesting").Dot("Leave").Call(),
		jen.Id("same").Op("=").Id("cmpObj").Op("!=").Nil(),
	}
	e.f.Commentf("%s validates obj against oldObj (nil when there is none) and", fn)
	e.f.Comment("reports whether obj equals cmpObj, which is oldObj when oldObj is set.")
	e.f.Func().Id(fn).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"),
		jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("p").Op("*").Qual(pkgRT, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj"), jen.Id("cmpObj")).Op("*").Add(tq),
		jen.Id("nesting").Op("*").Qual(pkgRT, "Nesting"),
	).Params(jen.Id("errs").Qual(pkgField, "ErrorList"), jen.Id("same").Bool()).Block(
		append(append(pre, body...), jen.Return())...,
	)
	e.f.Line()
}

// structFieldsTree is structFields in a validateTree function. It also
// returns the comparison of the fields no check looks at, which runs
// last and only while every other field was found equal.
func (c *fnCtx) structFieldsTree(t *model.Type, root *pathVar) (code, unchecked []jen.Code) {
	code, checked := c.structFields(t, "obj", "oldObj", root)
	var conj []jen.Code
	for _, m := range t.Go.Members {
		if !checked[m.Name] {
			conj = append(conj, c.e.eq.Member(t.Go, m, "obj", "cmpObj"))
		}
	}
	if len(conj) == 0 {
		return code, nil
	}
	all := jen.Id("same")
	for _, x := range conj {
		all = all.Op("&&").Line().Add(x)
	}
	return code, []jen.Code{jen.Comment("the fields no check looks at"), jen.Id("same").Op("=").Add(all)}
}
