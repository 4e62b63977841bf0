package golang

import (
	"sort"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/equal"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// Kubernetes runs its short-circuiting validators (forbidden, immutable,
// maxItems, maxProperties, optional, required, update) one after the
// other, each reporting its errors, and the value's other checks only
// when none of them stopped. Where a place has immutable or update
// rules, whose reports do not exclude the presence rules', the checks are
// written that way, with a stop flag; elsewhere presence rules nest.

// phase classifies a rule that is not an IfOption: presence (0), update
// (1: immutable and update), or a value check (2).
func phase(r model.Rule) int {
	switch x := r.(type) {
	case model.Immutable, model.Update:
		return 1
	case model.Fixed:
		// A failing ShortCircuit test tag runs with the short-circuiting
		// rules and stops the others.
		if x.Stop {
			return 1
		}
	case model.EachVal, model.EachKey:
		// Kubernetes gives eachVal the flags of the tag it chains: a
		// short-circuiting one makes the loop short-circuit the list's
		// other checks (splitEach keeps such tags apart).
		if in, _ := eachRules(r); shortCircuits(in) {
			return 1
		}
	case model.IfOption:
		// Nested options: the phase of what they hold, presence first.
		if presenceRule(x) {
			return 0
		}
		for _, in := range x.Rules {
			if phase(in) == 1 {
				return 1
			}
		}
	case model.Required, model.Optional, model.Forbidden:
		return 0
	}
	return 2
}

// shortCircuits reports whether rules, chained by eachVal or eachKey, all
// short-circuit.
func shortCircuits(rules []model.Rule) bool {
	for _, r := range rules {
		if _, ok := tooMany(r); !ok && phase(r) != 1 {
			return false
		}
	}
	return len(rules) > 0
}

// splitEach splits each eachVal and eachKey into the part that
// short-circuits and the part that does not.
func splitEach(rules []model.Rule) []model.Rule {
	var out []model.Rule
	for _, r := range rules {
		in, remake := eachRules(r)
		if remake == nil {
			out = append(out, r)
			continue
		}
		var sc, rest []model.Rule
		for _, y := range in {
			if shortCircuits([]model.Rule{y}) {
				sc = append(sc, y)
			} else {
				rest = append(rest, y)
			}
		}
		if len(sc) > 0 {
			out = append(out, remake(sc))
		}
		if len(rest) > 0 {
			out = append(out, remake(rest))
		}
	}
	return out
}

// eachRules are the rules an eachVal or eachKey chains, and what makes
// the same tag with other rules; remake is nil for other rules.
func eachRules(r model.Rule) (in []model.Rule, remake func([]model.Rule) model.Rule) {
	switch x := r.(type) {
	case model.EachVal:
		return x.Rules, func(part []model.Rule) model.Rule { x.Rules = part; return x }
	case model.EachKey:
		return x.Rules, func(part []model.Rule) model.Rule { x.Rules = part; return x }
	}
	return nil, nil
}

// phaseOf is phase for the rules splitOptions leaves: an IfOption is of
// the phase of its rules, and maxItems under an option is a presence rule
// (it stops the field's other checks only when the option applies).
func phaseOf(r model.Rule) int {
	if x, ok := r.(model.IfOption); ok {
		return optionPhase(x.Rules[0])
	}
	return phase(r)
}

// optionPhase is the phase of a rule under an option: maxItems there is a
// presence rule.
func optionPhase(in model.Rule) int {
	if _, isMax := tooMany(in); isMax {
		return 0
	}
	return phase(in)
}

// updateChecks writes the checks of a place with update rules: the
// short-circuiting rules in Kubernetes' order, then, unless one stopped,
// lead (checks that run on a nil pointer too), the others and tail.
func (c *fnCtx) updateChecks(pl place, presence, updates, rest []model.Rule, tail, lead []jen.Code) []jen.Code {
	stop := c.name("stop")
	var plain []model.Rule // short-circuiting, in Kubernetes' order
	var others []model.Rule
	for _, r := range rest {
		if _, ok := tooMany(r); ok {
			plain = append(plain, r)
		} else {
			others = append(others, r)
		}
	}
	plain = append(append(plain, presence...), updates...)
	order := func(r model.Rule) string {
		if x, ok := r.(model.IfOption); ok {
			return x.TagName()
		}
		return r.TagName()
	}
	sort.SliceStable(plain, func(i, j int) bool { return order(plain[i]) < order(plain[j]) })
	// A nil item of a list of pointers is one more short-circuiting check,
	// run with the others, as Kubernetes runs PtrSliceNoNils.
	nils := !pl.typeFunc && c.listOfPointers(pl)
	pl.nilsDone = pl.nilsDone || nils
	after := c.afterPresence(pl, others, tail)
	// Without checks to stop, the rules only report (setStop is nil).
	var setStop jen.Code
	if len(after) > 0 || len(lead) > 0 {
		setStop = jen.Id(stop).Op("=").True()
	}
	var out []jen.Code
	if nils {
		out = append(out, c.nilsCheck(pl, setStop))
	}
	for _, r := range plain {
		out = append(out, c.shortCircuit(pl, r, setStop)...)
	}
	if setStop == nil {
		return out
	}
	out = append([]jen.Code{jen.Id(stop).Op(":=").False()}, out...)
	if len(lead) > 0 {
		if len(after) > 0 {
			lead = append(lead, jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(after...))
		}
		return append(out, jen.If(jen.Op("!").Id(stop)).Block(lead...))
	}
	cond := jen.Op("!").Id(stop)
	if pl.isPtr() {
		cond = cond.Op("&&").Id(pl.v).Op("!=").Nil()
	}
	return append(out, jen.If(cond).Block(after...))
}

// shortCircuit writes one short-circuiting rule; setStop runs when it
// reports or, for optional, when the value is unset.
func (c *fnCtx) shortCircuit(pl place, r model.Rule, setStop jen.Code) []jen.Code {
	defer c.at(r.Stability())()
	report := func(e jen.Code) jen.Code { return jen.Block(c.appendErr(e), orNull(setStop)) }
	switch x := r.(type) {
	case model.Forbidden:
		return []jen.Code{jen.If(c.setExpr(pl)).Add(report(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg())))}
	case model.Required:
		return []jen.Code{jen.If(c.unsetExpr(pl)).Add(report(jen.Qual(pkgRT, "Required").Call(pl.path.arg())))}
	case model.Optional:
		if setStop == nil {
			return nil // nothing follows for it to stop
		}
		return []jen.Code{jen.If(c.unsetExpr(pl)).Block(setStop)}
	case model.MaxItems, model.MaxProperties:
		st := c.tooManyCheck(pl, x, orNull(setStop))
		if pl.isPtr() {
			return []jen.Code{jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(st)}
		}
		return []jen.Code{st}
	case model.Immutable:
		// Reached only when the value changed (or has no old value).
		return []jen.Code{jen.If(isUpdate()).Add(report(jen.Qual(pkgRT, "Immutable").Call(pl.path.arg())))}
	case model.Update:
		return c.updateConstraints(pl, x, report, setStop)
	case model.Fixed:
		// It always fails: it reports (unless NonError) and stops.
		var out []jen.Code
		if !x.NonError {
			out = append(out, c.appendErr(c.fixedErr(pl, x)))
		}
		if setStop != nil {
			out = append(out, setStop)
		}
		return out
	case model.IfOption:
		var inner []jen.Code
		for _, in := range x.Rules {
			inner = append(inner, c.shortCircuit(pl, in, setStop)...)
		}
		return c.optionGateStop(pl, x, inner, []jen.Code{orNull(setStop)})
	case model.EachVal, model.EachKey:
		body := c.rule(pl, r)
		if len(body) == 0 {
			return nil
		}
		if setStop != nil {
			start := c.name("start")
			body = append([]jen.Code{jen.Id(start).Op(":=").Len(jen.Id("errs"))}, body...)
			body = append(body, jen.If(jen.Len(jen.Id("errs")).Op(">").Id(start)).Block(setStop))
		}
		switch {
		case pl.isPtr():
			return []jen.Code{jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(body...)}
		case setStop != nil:
			return []jen.Code{jen.Block(body...)} // a scope for start
		}
		return body
	}
	return nil
}

// updateConstraints writes +k8s:update's constraints, as Kubernetes'
// UpdatePointer, UpdateStruct, UpdateValueByCompare, ValSliceUpdate and
// UpdateMap check them, on a value that changed.
func (c *fnCtx) updateConstraints(pl place, u model.Update, report func(jen.Code) jen.Code, setStop jen.Code) []jen.Code {
	hasOld := func() *jen.Statement {
		if !pl.hasOld() {
			return jen.False()
		}
		return jen.Id(pl.ov).Op("!=").Nil()
	}
	noOld := func() *jen.Statement {
		if !pl.hasOld() {
			return jen.True()
		}
		return jen.Id(pl.ov).Op("==").Nil()
	}
	old := func() *jen.Statement { return jen.Op("*").Id(pl.ov) }
	var checks []jen.Code
	add := func(cond jen.Code, fn string) {
		checks = append(checks, jen.If(cond).Add(report(jen.Qual(pkgRT, fn).Call(pl.path.arg()))))
	}
	r := gotype.Resolve(pl.valueType())
	switch {
	case r.Kind == types.Slice || r.Kind == types.Map:
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(jen.Parens(noOld().Op("||").Len(old()).Op("==").Lit(0)).Op("&&").Len(pl.derefRaw()).Op(">").Lit(0), "NoSet")
			case "NoUnset":
				if pl.hasOld() {
					add(hasOld().Op("&&").Len(old()).Op(">").Lit(0).Op("&&").Len(pl.derefRaw()).Op("==").Lit(0), "NoUnset")
				}
			case "NoAddItem", "NoRemoveItem":
				oldVal := jen.Nil()
				if pl.hasOld() {
					oldVal = jen.Qual(pkgRT, "Deref").Call(jen.Id(pl.ov))
				}
				e := c.name("e")
				checks = append(checks, jen.If(
					jen.Id(e).Op(":=").Add(c.itemsCall(pl, u, cn, oldVal)), jen.Len(jen.Id(e)).Op(">").Lit(0),
				).Block(c.appendErrs(jen.Id(e)), orNull(setStop)))
			}
		}
	case pl.isPtr():
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(noOld().Op("&&").Id(pl.v).Op("!=").Nil(), "NoSet")
			case "NoUnset":
				if pl.hasOld() {
					add(hasOld().Op("&&").Id(pl.v).Op("==").Nil(), "NoUnset")
				}
			case "NoModify":
				if pl.hasOld() {
					add(hasOld().Op("&&").Id(pl.v).Op("!=").Nil(), "NoModify")
				}
			}
		}
	case r.Kind == types.Struct:
		// A non-pointer struct is never unset: only NoModify applies.
		if pl.hasOld() {
			add(hasOld(), "NoModify")
		}
	default:
		if !pl.hasOld() {
			return nil // Kubernetes compares with the old value only
		}
		oldV := jen.Op("*").Id(pl.ov)
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(jen.Add(presenceTest(pl.t, oldV, false)).Op("&&").Add(presenceTest(pl.t, pl.derefRaw(), true)), "NoSet")
			case "NoUnset":
				add(jen.Add(presenceTest(pl.t, oldV, true)).Op("&&").Add(presenceTest(pl.t, pl.derefRaw(), false)), "NoUnset")
			case "NoModify":
				add(jen.Add(presenceTest(pl.t, oldV, true)).Op("&&").Add(presenceTest(pl.t, pl.derefRaw(), true)), "NoModify")
			}
		}
		if len(checks) == 0 {
			return nil
		}
		return []jen.Code{jen.If(isUpdate().Op("&&").Add(hasOld())).Block(checks...)}
	}
	if len(checks) == 0 {
		return nil
	}
	return []jen.Code{jen.If(isUpdate()).Block(checks...)}
}

// itemsCall is the runtime call that reports the items (or keys) a
// NoAddItem or NoRemoveItem constraint forbids.
func (c *fnCtx) itemsCall(pl place, u model.Update, cn string, oldVal jen.Code) jen.Code {
	r := gotype.Resolve(pl.valueType())
	fn := map[string]string{"NoAddItem": "Added", "NoRemoveItem": "Removed"}[cn]
	if r.Kind == types.Map {
		return jen.Qual(pkgRT, "Keys"+fn).Call(pl.path.arg(), pl.derefRaw(), oldVal)
	}
	et := r.Elem
	var isNil jen.Code = jen.Nil()
	if et.Kind == types.Pointer {
		isNil = jen.Qual(pkgRT, "NilItem").Index(c.e.typeCode(et.Elem))
	}
	switch {
	case u.List.Kind == "map":
		return jen.Qual(pkgRT, "Items"+fn).Call(pl.path.arg(), pl.derefRaw(), oldVal, jen.Id(c.e.listKey(et, u.List.Keys)), isNil)
	case equal.IsComparable(et):
		return jen.Qual(pkgRT, "Items"+fn).Call(pl.path.arg(), pl.derefRaw(), oldVal, jen.Qual(pkgRT, "Self").Index(c.e.typeCode(et)), isNil)
	}
	return jen.Qual(pkgRT, "Items"+fn+"Func").Call(pl.path.arg(), pl.derefRaw(), oldVal, jen.Id(c.e.eq.Fn(et)), isNil)
}

// monotonic is +k8s:monotonic: on update, the value may not go below the
// old one.
func (c *fnCtx) monotonic(pl place) []jen.Code {
	if !pl.hasOld() {
		return nil
	}
	return []jen.Code{jen.If(isUpdate().Op("&&").Id(pl.ov).Op("!=").Nil().Op("&&").
		Add(pl.derefRaw()).Op("<").Op("*").Id(pl.ov)).Block(
		c.appendErr(jen.Qual(pkgRT, "Monotonic").Call(pl.path.arg(), pl.derefRaw(), jen.Op("*").Id(pl.ov))))}
}

// orNull is code, or nothing for nil.
func orNull(code jen.Code) jen.Code {
	if code == nil {
		return jen.Null()
	}
	return code
}

// isUpdate is the generated test that the operation is an update.
func isUpdate() *jen.Statement {
	return jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update")
}
