package golang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// structFields validates each field of a struct type. checked names, by
// Go name, the fields it wrote checks for.
func (c *fnCtx) structFields(t *model.Type, obj, oldObj string, path *pathVar) (out []jen.Code, checked map[string]bool) {
	checked = map[string]bool{}
	for _, f := range t.Fields {
		code := c.fieldPlace(f, obj, oldObj, path)
		if len(code) == 0 {
			continue
		}
		checked[f.GoName] = true
		label := f.JSONName
		if f.Inline {
			label = f.GoName + " (inline)"
		}
		out = append(out, jen.Comment("field "+label))
		out = append(out, jen.Block(code...))
	}
	return out, checked
}

// fieldPlace validates one struct field of obj (a *Struct expression).
func (c *fnCtx) fieldPlace(f *model.Field, obj, oldObj string, parent *pathVar) []jen.Code {
	if len(f.Rules) == 0 && !c.needsStructure(f.Go, f.Rules) {
		return nil
	}
	v, ov := c.name("v"), c.name("ov")
	pv := parent
	if !f.Inline {
		pv = childPath(c.name("fp"), parent, "Child", jen.Lit(f.JSONName))
	}
	pl := place{t: f.Go, rules: f.Rules, v: v, ov: ov, path: pv, oldParent: oldObj + " != nil"}
	if c.tree {
		pl.cv, pl.cmpParent = c.name("cv"), "cmpObj != nil"
	}
	isPtr := pl.isPtr()
	sel := func(o string) jen.Code {
		if isPtr {
			return jen.Id(o).Dot(f.GoName)
		}
		return jen.Op("&").Id(o).Dot(f.GoName)
	}
	var body []jen.Code
	if c.tracked(pl) {
		pl = c.track(pl)
		if checks := c.valueChecks(pl, c.structure(pl, false)); len(checks) > 0 {
			body = append(c.lazyGate(pl, checks), jen.Id("same").Op("=").Id("same").Op("&&").Id(pl.same))
		}
	} else {
		body = c.checksWithGate(pl)
	}
	if len(body) == 0 {
		return nil
	}
	decls := []jen.Code{jen.Id(v).Op(":=").Add(sel(obj))}
	// The old value (and, in a validateTree function, the compared one)
	// only where the checks read it: a gate that compares with cv, or a
	// forbidden field whose descent was dropped, may not.
	text := fmt.Sprintf("%#v", jen.Block(body...))
	ovType := jen.Op("*").Add(c.e.typeCode(pl.valueType()))
	if pl.isPtr() && pl.t.Name.Name != "" {
		// A named pointer type, whose element gengo may have folded
		// (int8 read as byte): the field's own type.
		ovType = c.e.typeCode(pl.t)
	}
	if mentions(text, ov) {
		decls = append(decls,
			jen.Var().Id(ov).Add(ovType),
			jen.If(jen.Id(oldObj).Op("!=").Nil()).Block(jen.Id(ov).Op("=").Add(sel(oldObj))))
	}
	if c.tree && mentions(text, pl.cv) {
		decls = append(decls,
			jen.Var().Id(pl.cv).Add(ovType),
			jen.If(jen.Id("cmpObj").Op("!=").Nil()).Block(jen.Id(pl.cv).Op("=").Add(sel("cmpObj"))))
	}
	if !f.Inline {
		return pv.withDecl(append(decls, body...))
	}
	return append(decls, body...)
}

// needsStructure reports whether a value of type t, with these rules, calls
// a type's validation function.
func (c *fnCtx) needsStructure(t *types.Type, rules []model.Rule) bool {
	if model.HasOpaque(rules) {
		return false
	}
	return c.valueNeeds(t)
}

func (c *fnCtx) valueNeeds(t *types.Type) bool { return c.e.m.ValueNeeds(t) }

// checksWithGate wraps a place's checks in the update-ratcheting gate: an
// unchanged value is not validated again.
func (c *fnCtx) checksWithGate(pl place) []jen.Code {
	body := c.valueChecks(pl, c.structure(pl, false))
	if len(body) == 0 {
		return nil
	}
	if c.tree {
		return c.eagerGate(pl, body, c.unchangedTransitions(pl))
	}
	return []jen.Code{ratchetGate(c.unchanged(pl), body, c.unchangedTransitions(pl))}
}

// ratchetGate runs body unless the value is unchanged (an update that
// left it as it was), and then only transitions: the transition rules the
// API server evaluates also on an unchanged value.
func ratchetGate(unchanged jen.Code, body, transitions []jen.Code) jen.Code {
	gate := jen.If(jen.Op("!").Parens(unchanged)).Block(body...)
	if transitions != nil {
		gate = gate.Else().Block(transitions...)
	}
	return gate
}

// unchanged is the ratcheting condition of a place on update.
func (c *fnCtx) unchanged(pl place) jen.Code {
	return c.oldUnchanged(pl, c.eqTo(pl, pl.ov))
}

// presenceRule classifies a rule that decides what happens to an unset
// value; under an option, maxItems also stops the field's other checks
// (a plain maxItems does so in afterPresence).
func presenceRule(r model.Rule) bool {
	switch x := r.(type) {
	case model.Required, model.Optional, model.Forbidden:
		return true
	case model.IfOption:
		for _, in := range x.Rules {
			if _, ok := tooMany(in); ok || presenceRule(in) {
				return true
			}
		}
	}
	return false
}

// splitOptions splits each IfOption into its parts of each phase
// (presence, update, value checks), so that each runs in its own phase.
func splitOptions(rules []model.Rule) []model.Rule {
	var out []model.Rule
	for _, r := range rules {
		x, ok := r.(model.IfOption)
		if !ok {
			out = append(out, r)
			continue
		}
		var parts [3][]model.Rule
		for _, in := range x.Rules {
			p := optionPhase(in)
			parts[p] = append(parts[p], in)
		}
		for _, part := range parts {
			if len(part) > 0 {
				y := x
				y.Rules = part
				out = append(out, y)
			}
		}
	}
	return out
}

// unsetExpr is the condition "the value is unset" for presence rules.
func (c *fnCtx) unsetExpr(pl place) jen.Code { return presenceTest(pl.t, pl.placeValue(), false) }

// setExpr is the negation of unsetExpr, written out for readable output.
func (c *fnCtx) setExpr(pl place) jen.Code { return presenceTest(pl.t, pl.placeValue(), true) }

// presenceTest is whether val, of Go type t, is set (or, with set false,
// unset): a non-nil pointer, a non-empty list or map, a non-zero scalar.
func presenceTest(t *types.Type, val *jen.Statement, set bool) jen.Code {
	eq := "=="
	if set {
		eq = "!="
	}
	if t.Kind == types.Pointer {
		return jen.Add(val).Op(eq).Nil()
	}
	r := gotype.Resolve(t)
	switch r.Kind {
	case types.Slice, types.Map:
		return jen.Len(val).Op(eq).Lit(0)
	case types.Builtin:
		switch gotype.BuiltinKind(r.Name.Name) {
		case "string":
			return jen.Add(val).Op(eq).Lit("")
		case "bool":
			if t.Kind != types.Builtin {
				// A named bool is no bool where one is expected (the
				// members of a union are a [n]bool).
				val = jen.Bool().Call(val)
			}
			if set {
				return val
			}
			return jen.Op("!").Parens(val)
		default:
			return jen.Add(val).Op(eq).Lit(0)
		}
	}
	// Interfaces and other kinds: compare with nil.
	return jen.Add(val).Op(eq).Nil()
}

// valueChecks emits the rules of a place, presence rules first (they
// short-circuit), then maxItems (which short-circuits too), then the
// other rules in the order they were written.
//
// tail runs last, only when no short-circuiting rule stopped the checks;
// it is where the value's type is validated.
func (c *fnCtx) valueChecks(pl place, tail []jen.Code) []jen.Code {
	var presence, updates, rest []model.Rule
	for _, r := range splitOptions(splitEach(pl.rules)) {
		switch phaseOf(r) {
		case 0:
			presence = append(presence, r)
		case 1:
			updates = append(updates, r)
		default:
			rest = append(rest, r)
		}
	}
	// Under a presence rule, a pointer place's checks run when it is set;
	// without one, the checks that Kubernetes runs on nil too go first.
	var lead []jen.Code
	if len(presence) == 0 {
		var leadRules []model.Rule
		leadRules, rest = nilRunning(pl, rest)
		for _, r := range leadRules {
			lead = append(lead, c.rule(pl, r)...)
		}
	}
	if len(updates) > 0 || model.HasRule[model.IfOption](presence) {
		// Kubernetes runs every short-circuiting check of a value, each on
		// its own, before it stops: an option's InternalError is reported
		// also for an unset value that optional or required stops.
		return c.updateChecks(pl, presence, updates, rest, tail, lead)
	}
	after := c.afterPresence(pl, rest, tail)
	if len(presence) == 0 {
		if pl.isPtr() && len(after) > 0 {
			return append(lead, jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(after...))
		}
		return append(lead, after...)
	}
	return c.presenceChecks(pl, presence, after)
}

// isCustom reports a +k8s:customValidation call (also under an option),
// which Kubernetes makes with a nil pointer too.
func isCustom(r model.Rule) bool {
	switch x := r.(type) {
	case model.Custom:
		return true
	case model.IfOption:
		for _, in := range x.Rules {
			if !isCustom(in) {
				return false
			}
		}
		return len(x.Rules) > 0
	}
	return false
}

// custom calls the handwritten function of a +k8s:customValidation with
// the value and the old one, as Kubernetes passes them: as they are when
// nilable, else by pointer. The function takes a *field.Path, which is
// built for the call.
func (c *fnCtx) custom(pl place, x model.Custom) []jen.Code {
	value, old := jen.Id(pl.v), jen.Id(pl.ov)
	var decls []jen.Code
	if x.Nilable && !pl.isPtr() {
		value = pl.derefRaw()
		if pl.hasOld() {
			o := c.name("old")
			decls = append(decls,
				jen.Var().Id(o).Add(c.e.typeCode(pl.valueType())),
				jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(jen.Id(o).Op("=").Op("*").Id(pl.ov)))
			old = jen.Id(o)
		} else {
			old = jen.Nil()
		}
	}
	fn := jen.Id(x.Func)
	if x.FuncPkg != "" {
		fn = jen.Qual(x.FuncPkg, x.Func)
	}
	call := c.appendErrs(fn.Call(jen.Id("ctx"), jen.Id("op"), pl.path.field(), value, old))
	if len(decls) == 0 {
		return []jen.Code{call}
	}
	return []jen.Code{jen.Block(append(decls, call)...)}
}

// presenceChecks nests the remaining checks under the presence rules.
func (c *fnCtx) presenceChecks(pl place, presence []model.Rule, after []jen.Code) []jen.Code {
	r := presence[0]
	inner := after
	if len(presence) > 1 {
		inner = c.presenceChecks(pl, presence[1:], after)
	}
	unset := c.unsetExpr(pl)
	defer c.at(r.Stability())()
	switch x := r.(type) {
	case model.Required:
		st := jen.If(unset).Block(c.appendErr(jen.Qual(pkgRT, "Required").Call(pl.path.arg())))
		if len(inner) > 0 {
			st = st.Else().Block(inner...)
		}
		return []jen.Code{st}
	case model.Optional:
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.If(c.setExpr(pl)).Block(inner...)}
	case model.Forbidden:
		return []jen.Code{jen.If(c.setExpr(pl)).Block(c.appendErr(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg())))}
	case model.IfOption:
		// A presence rule under an option stops the other checks only when
		// the option applies; a flag carries that out of the option's block.
		stop := c.name("stop")
		setStop := func() []jen.Code {
			if len(inner) == 0 {
				return nil
			}
			return []jen.Code{jen.Id(stop).Op("=").True()}
		}
		var applied []jen.Code
		for _, in := range x.Rules {
			restore := c.at(in.Stability())
			switch in := in.(type) {
			case model.Required:
				applied = append(applied, jen.If(c.unsetExpr(pl)).Block(append([]jen.Code{
					c.appendErr(jen.Qual(pkgRT, "Required").Call(pl.path.arg()))}, setStop()...)...))
			case model.Optional:
				if s := setStop(); len(s) > 0 {
					applied = append(applied, jen.If(c.unsetExpr(pl)).Block(s...))
				}
			case model.Forbidden:
				applied = append(applied, jen.If(c.setExpr(pl)).Block(c.appendErr(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg()))))
				applied = append(applied, setStop()...)
			case model.MaxItems, model.MaxProperties:
				applied = append(applied, c.tooManyCheck(pl, in, setStop()...))
			}
			restore()
		}
		var out []jen.Code
		if len(inner) > 0 {
			out = append(out, jen.Id(stop).Op(":=").False())
		}
		// Like the tag it wraps, an option that the caller did not define
		// stops the field's other checks.
		out = append(out, c.optionGateStop(pl, x, applied, setStop())...)
		cond := jen.Op("!").Id(stop)
		if pl.isPtr() {
			cond = cond.Op("&&").Id(pl.v).Op("!=").Nil()
		}
		if len(inner) > 0 {
			out = append(out, jen.If(cond).Block(inner...))
		}
		return out
	}
	return after
}

// optionGate runs body when the option has the wanted state, and reports an
// InternalError when the caller did not define the option.
func (c *fnCtx) optionGate(pl place, x model.IfOption, body []jen.Code) []jen.Code {
	return c.optionGateStop(pl, x, body, nil)
}

// optionGateStop is optionGate for short-circuiting tags: onUndefined runs
// after the InternalError of an undefined option, which is marked as
// short-circuiting.
func (c *fnCtx) optionGateStop(pl place, x model.IfOption, body, onUndefined []jen.Code) []jen.Code {
	if len(body) == 0 {
		return nil
	}
	if nonErrorOnly(x.Rules) {
		// Kubernetes never appends what a NonError check (optional)
		// returns, not even the InternalError of its undefined option: it
		// only stops the value's other checks.
		en, ok := c.name("enabled"), c.name("defined")
		cond := jen.Id(en)
		if !x.Enabled {
			cond = jen.Op("!").Id(en)
		}
		st := jen.If(jen.List(jen.Id(en), jen.Id(ok)).Op(":=").Id("op").Dot("Options").Index(jen.Lit(x.Option)), jen.Op("!").Id(ok))
		if len(onUndefined) > 0 {
			return []jen.Code{st.Block(onUndefined...).Else().If(cond).Block(body...)}
		}
		return []jen.Code{jen.If(jen.List(jen.Id(en), jen.Id(ok)).Op(":=").Id("op").Dot("Options").Index(jen.Lit(x.Option)), jen.Id(ok).Op("&&").Add(cond)).Block(body...)}
	}
	// Kubernetes marks the option's InternalError with the level of the
	// tag around it (+k8s:beta=+k8s:ifEnabled(...)=...), as every error of
	// the wrapped validation.
	undefined := c.mark(jen.Qual(pkgRT, "UndefinedOption").Call(pl.path.arg(), jen.Lit(x.Option)))
	if onUndefined != nil {
		undefined = jen.Qual(pkgRT, "ShortCircuit").Call(undefined)
	}
	en, ok := c.name("enabled"), c.name("defined")
	cond := jen.Id(en)
	if !x.Enabled {
		cond = jen.Op("!").Id(en)
	}
	return []jen.Code{jen.If(
		jen.List(jen.Id(en), jen.Id(ok)).Op(":=").Id("op").Dot("Options").Index(jen.Lit(x.Option)),
		jen.Op("!").Id(ok),
	).Block(
		append([]jen.Code{jen.Id("errs").Op("=").Append(jen.Id("errs"), undefined)}, onUndefined...)...,
	).Else().If(cond).Block(body...)}
}

// nonErrorOnly reports whether rules only decide whether other checks run
// (optional, a NonError test tag): Kubernetes' NonError checks.
func nonErrorOnly(rules []model.Rule) bool {
	for _, r := range rules {
		switch x := r.(type) {
		case model.Optional:
		case model.Fixed:
			if !x.NonError {
				return false
			}
		default:
			return false
		}
	}
	return len(rules) > 0
}

// appendErr adds the error e (a *field.Error) of the rule being written,
// marked with its stability level.
func (c *fnCtx) appendErr(e jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Qual(pkgRT, "AppendError").Call(jen.Id("errs"), c.mark(e))
}

// appendErrs adds the errors e (a field.ErrorList) of the rule being
// written, marked with its stability level.
func (c *fnCtx) appendErrs(e jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Qual(pkgRT, "AppendAll").Call(jen.Id("errs"), c.mark(e))
}

// appendOwnErrs adds errors that are no rule's (a type's validation, a nil
// list item, an undefined option), which keep the level they have.
func appendOwnErrs(e jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Qual(pkgRT, "AppendAll").Call(jen.Id("errs"), e)
}

func (c *fnCtx) mark(e jen.Code) jen.Code {
	switch c.level {
	case model.Alpha:
		return jen.Add(e).Dot("MarkAlpha").Call()
	case model.Beta:
		return jen.Add(e).Dot("MarkBeta").Call()
	}
	return e
}

// afterPresence emits maxItems (short-circuiting) and the value rules. The
// value is known to be set (for pointers: non-nil).
func (c *fnCtx) afterPresence(pl place, rules []model.Rule, tail []jen.Code) []jen.Code {
	var maxItems model.Rule
	var others []model.Rule
	for _, r := range rules {
		if _, ok := tooMany(r); ok {
			maxItems = r
			continue
		}
		others = append(others, r)
	}
	// Like Kubernetes, checks run in the order of their tag names, so that
	// errors come out in the same order.
	sort.SliceStable(others, func(i, j int) bool { return checkOrder(others[i]) < checkOrder(others[j]) })
	var body []jen.Code
	for _, r := range others {
		body = append(body, c.rule(pl, r)...)
	}
	if len(pl.enum) > 0 {
		body = append(body, c.enumCheck(pl)...)
	}
	body = append(body, tail...)
	nils := len(body) > 0 || maxItems != nil
	nils = nils && !pl.typeFunc && !pl.nilsDone && c.listOfPointers(pl)
	switch {
	case maxItems != nil && nils:
		// As Kubernetes does, both short-circuiting checks run, each
		// reporting; the list's other checks run only when neither did.
		stop := c.name("stop")
		var setStop jen.Code
		if len(body) > 0 {
			setStop = jen.Id(stop).Op("=").True()
		}
		out := []jen.Code{c.nilsCheck(pl, setStop), c.tooManyCheck(pl, maxItems, orNull(setStop))}
		if len(body) == 0 {
			return out
		}
		return append(append([]jen.Code{jen.Id(stop).Op(":=").False()}, out...), jen.If(jen.Op("!").Id(stop)).Block(body...))
	case maxItems != nil:
		st := c.tooManyCheck(pl, maxItems)
		if len(body) > 0 {
			st = st.Else().Block(body...)
		}
		return []jen.Code{st}
	case nils:
		// As Kubernetes does, a nil item of a list of pointers is reported
		// (Required at [i]), and stops the list's other checks.
		n := c.name("nils")
		return []jen.Code{jen.If(
			jen.Id(n).Op(":=").Qual(pkgRT, "NoNils").Call(pl.path.arg(), pl.derefRaw()),
			jen.Len(jen.Id(n)).Op(">").Lit(0),
		).Block(appendOwnErrs(jen.Id(n))).Else().Block(body...)}
	}
	return body
}

// nilsCheck reports the nil items of a list of pointers (Required at
// [i]), then runs setStop, as one of the list's short-circuiting checks.
func (c *fnCtx) nilsCheck(pl place, setStop jen.Code) jen.Code {
	n := c.name("nils")
	return jen.If(
		jen.Id(n).Op(":=").Qual(pkgRT, "NoNils").Call(pl.path.arg(), pl.derefRaw()),
		jen.Len(jen.Id(n)).Op(">").Lit(0),
	).Block(appendOwnErrs(jen.Id(n)), orNull(setStop))
}

// checkOrder sorts a place's checks by tag name, as Kubernetes does, but
// with item checks right after the list's uniqueness check, as Kubernetes
// runs them.
func checkOrder(r model.Rule) string {
	switch r.(type) {
	case model.Item, model.ItemUnion:
		return "k8s:listType+" + r.TagName()
	}
	return r.TagName()
}

// listOfPointers reports whether the value at pl is a list of pointers.
func (c *fnCtx) listOfPointers(pl place) bool {
	r := gotype.Resolve(pl.valueType())
	return (r.Kind == types.Slice || r.Kind == types.Array) && r.Elem.Kind == types.Pointer
}

// formatFuncs are the runtime checks of +k8s:format, by format name; the
// registry's Choices and this table must list the same names (a test).
var formatFuncs = map[string]string{
	"k8s-extended-resource-name":        "ExtendedResourceName",
	"k8s-ip":                            "IP",
	"k8s-label-key":                     "LabelKey",
	"k8s-label-value":                   "LabelValue",
	"k8s-long-name":                     "LongName",
	"k8s-long-name-caseless":            "LongNameCaseless",
	"k8s-path-segment-name":             "PathSegmentName",
	"k8s-prefixed-label-key":            "PrefixedLabelKey",
	"k8s-resource-fully-qualified-name": "ResourceFullyQualifiedName",
	"k8s-resource-pool-name":            "ResourcePoolName",
	"k8s-short-name":                    "ShortName",
	"k8s-uuid":                          "UUID",
}

// rule emits one non-presence rule at a place whose value is set.
func (c *fnCtx) rule(pl place, r model.Rule) []jen.Code {
	defer c.at(r.Stability())()
	val := pl.derefRaw()
	switch x := r.(type) {
	case model.Minimum:
		return []jen.Code{jen.If(jen.Add(val).Op("<").Lit(int(x.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "Minimum").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case model.Maximum:
		return []jen.Code{jen.If(jen.Add(val).Op(">").Lit(int(x.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "Maximum").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case model.MinLength:
		return []jen.Code{jen.If(jen.Qual(pkgRT, "TooShort").Call(jen.String().Parens(pl.derefRaw()), jen.Lit(int(x.N)))).Block(
			c.appendErr(jen.Qual(pkgRT, "MinLength").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case model.MaxBytes:
		return []jen.Code{jen.If(jen.Len(pl.derefRaw()).Op(">").Lit(int(x.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "MaxBytes").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case model.MinItems:
		return []jen.Code{c.tooFewCheck(pl, x.N, "MinItems")}
	case model.MinProperties:
		return []jen.Code{c.tooFewCheck(pl, x.N, "MinProperties")}
	case model.MaxLength:
		return []jen.Code{jen.If(jen.Qual(pkgRT, "TooLong").Call(jen.String().Parens(pl.derefRaw()), jen.Lit(int(x.N)))).Block(
			c.appendErr(jen.Qual(pkgRT, "MaxLength").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case model.Format:
		fn := formatFuncs[x.Name]
		if fn == "" {
			panic("golang: no runtime check for +k8s:format=" + x.Name)
		}
		return []jen.Code{c.appendErrs(jen.Qual(pkgRT, fn).Call(pl.path.arg(), pl.derefRaw()))}
	case model.NEQ:
		var lit jen.Code
		switch x.Kind {
		case "string":
			lit = jen.Lit(x.Value)
			return []jen.Code{jen.If(jen.Add(val).Op("==").Add(lit)).Block(
				c.appendErr(jen.Qual(pkgRT, "NEQString").Call(pl.path.arg(), pl.derefRaw(), lit)))}
		case "bool":
			lit = jen.Lit(x.Value == "true")
			cond := jen.Add(val)
			if x.Value != "true" {
				cond = jen.Op("!").Add(pl.deref())
			}
			return []jen.Code{jen.If(cond).Block(
				c.appendErr(jen.Qual(pkgRT, "NEQ").Call(pl.path.arg(), pl.derefRaw(), lit)))}
		default:
			lit = jen.Lit(int(x.Int))
		}
		return []jen.Code{jen.If(jen.Add(val).Op("==").Add(lit)).Block(
			c.appendErr(jen.Qual(pkgRT, "NEQ").Call(pl.path.arg(), pl.derefRaw(), lit)))}
	case model.EachVal:
		return c.eachVal(pl, x.Rules)
	case model.EachKey:
		return c.eachKey(pl, x.Rules, false)
	case model.Subfield:
		return c.subfield(pl, x)
	case model.IfOption:
		var inner []jen.Code
		for _, in := range x.Rules {
			inner = append(inner, c.rule(pl, in)...)
		}
		return c.optionGate(pl, x, inner)
	case model.Monotonic:
		return c.monotonic(pl)
	case model.MaxItems, model.MaxProperties:
		// Under an option, maxItems cannot stop the checks outside it.
		return []jen.Code{c.tooManyCheck(pl, x)}
	case model.ListType:
		return c.uniqueness(pl, x)
	case model.Item:
		return c.item(pl, x)
	case model.ItemUnion:
		old := pl.ov
		if !pl.hasOld() {
			old = ""
		}
		return c.unionChecks([]*model.Union{x.Union}, pl.v, old, pl.path, true)
	case model.Custom:
		return c.custom(pl, x)
	case model.Fixed:
		if x.Pass || x.NonError {
			return nil
		}
		return []jen.Code{c.appendErr(c.fixedErr(pl, x))}
	case model.Opaque, model.CEL:
		return nil // CEL: all of a type's rules at once (celRulesCall)
	}
	panic(fmt.Sprintf("validation-gen: no Go emitter for rule %T", r))
}

// fixedErr is the error of a failing test tag (+k8s:validateFalse). Like
// Kubernetes' validate.FixedResult, the bad value is what the place holds:
// the value's pointer, or a nilable value itself.
func (c *fnCtx) fixedErr(pl place, x model.Fixed) jen.Code {
	e := jen.Qual(pkgRT, "FixedFailure").Call(pl.path.arg(), jen.Id(pl.v), jen.Lit(x.Message))
	if x.Mark {
		return jen.Qual(pkgRT, "ShortCircuit").Call(e)
	}
	return e
}

// nilRunning are the checks of rules, at a pointer place, that run on a nil
// pointer too: Kubernetes calls validate.FixedResult whatever the value.
func nilRunning(pl place, rules []model.Rule) (lead, rest []model.Rule) {
	if !pl.isPtr() {
		return nil, rules
	}
	for _, r := range rules {
		if f, ok := r.(model.Fixed); ok && !f.Stop || isCustom(r) {
			lead = append(lead, r)
		} else {
			rest = append(rest, r)
		}
	}
	return lead, rest
}

// enumCheck is +k8s:enum: the value must be one of the type's constants.
func (c *fnCtx) enumCheck(pl place) []jen.Code {
	defer c.at(pl.enumLevel)()
	if hasExclusions(pl.enum) {
		values, exclusions := c.e.enumVars(pl)
		return []jen.Code{c.appendErrs(jen.Qual(pkgRT, "EnumExcluding").Call(
			pl.path.arg(), pl.derefRaw(), jen.Id("op").Dot("Options"), jen.Id(values), jen.Id(exclusions)))}
	}
	var cases []jen.Code
	var supported []jen.Code
	pkg := pl.t.Name.Package
	for _, v := range pl.enum {
		cases = append(cases, jen.Qual(pkg, v.Name))
		supported = append(supported, jen.Qual(pkg, v.Name))
	}
	return []jen.Code{jen.Switch(pl.derefRaw()).Block(
		jen.Case(cases...),
		jen.Default().Block(c.appendErr(jen.Qual(pkgRT, "NotSupported").Call(
			pl.path.arg(), pl.derefRaw(), jen.Index().Add(c.e.typeQual(pl.t)).Values(supported...)))),
	)}
}

func hasExclusions(values []model.EnumValue) bool {
	for _, v := range values {
		if len(v.Exclusions) > 0 {
			return true
		}
	}
	return false
}

// enumVars writes, once per file and type, the package-level values of an
// enum with conditional exclusions (sorted by value, as the supported
// values of its error) and its exclusions (by constant name, then as the
// model orders a constant's, as Kubernetes reads them).
func (e *goEmitter) enumVars(pl place) (values, exclusions string) {
	key := pl.t.Name.String()
	if v, ok := e.enumVarNames[key]; ok {
		return v[0], v[1]
	}
	n := len(e.enumVarNames) + 1
	values, exclusions = e.free("enumValues"+strconv.Itoa(n)), e.free("enumExclusions"+strconv.Itoa(n))
	if e.enumVarNames == nil {
		e.enumVarNames = map[string][2]string{}
	}
	e.enumVarNames[key] = [2]string{values, exclusions}
	pkg := pl.t.Name.Package
	var vs []jen.Code
	byName := append([]model.EnumValue{}, pl.enum...)
	for _, v := range pl.enum {
		vs = append(vs, jen.Qual(pkg, v.Name))
	}
	sort.Slice(byName, func(i, j int) bool { return byName[i].Name < byName[j].Name })
	var xs []jen.Code
	for _, v := range byName {
		for _, x := range v.Exclusions {
			xs = append(xs, jen.Values(jen.Dict{
				jen.Id("Value"):       jen.Qual(pkg, v.Name),
				jen.Id("ExcludeWhen"): jen.Lit(x.ExcludeWhen),
				jen.Id("Option"):      jen.Lit(x.Option),
			}))
		}
	}
	tq := e.typeQual(pl.t)
	e.post = append(e.post,
		jen.Var().Id(values).Op("=").Index().Add(tq).Values(vs...), jen.Line(),
		jen.Var().Id(exclusions).Op("=").Index().Qual(pkgRT, "EnumExclusion").Types(tq).Values(xs...), jen.Line())
	return values, exclusions
}

// subfield applies rules to one field of the struct at pl.
func (c *fnCtx) subfield(pl place, x model.Subfield) []jen.Code {
	f := &model.Field{GoName: x.Field.GoName, JSONName: x.JSONName, Go: x.Field.Go, Rules: x.Rules}
	v, ov := c.name("v"), c.name("ov")
	pv := childPath(c.name("fp"), pl.path, "Child", jen.Lit(f.JSONName))
	sub := place{t: f.Go, rules: f.Rules, v: v, ov: ov, path: pv, oldParent: pl.oldExists()}
	sel := func(o string) jen.Code {
		if sub.isPtr() {
			return jen.Id(o).Dot(f.GoName)
		}
		return jen.Op("&").Id(o).Dot(f.GoName)
	}
	// Only the chained rules run here; the field's own tags and type run
	// where the struct validates itself. Its own required, optional or
	// forbidden still decide whether there is a value to check: like
	// Kubernetes, an unset (or forbidden) sub-field silently skips them.
	body := c.valueChecks(sub, nil)
	if len(body) == 0 {
		return nil
	}
	for _, r := range c.memberPresence(pl, x.Field.GoName) {
		switch r.(type) {
		case model.Forbidden:
			return nil
		case model.Required, model.Optional:
			if sub.isPtr() {
				// valueChecks already skips a nil pointer.
				continue
			}
			body = []jen.Code{jen.If(c.setExpr(sub)).Block(body...)}
		}
	}
	body = []jen.Code{ratchetGate(c.unchanged(sub), body, nil)}
	decls := []jen.Code{
		jen.Id(v).Op(":=").Add(sel(pl.v)),
		jen.Var().Id(ov).Op("*").Add(c.e.typeCode(sub.valueType())),
	}
	if pl.hasOld() {
		decls = append(decls, jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(jen.Id(ov).Op("=").Add(sel(pl.ov))))
	}
	return []jen.Code{jen.Block(pv.withDecl(append(decls, body...))...)}
}

// memberPresence is the presence rules the struct at pl declares on its
// field goName.
func (c *fnCtx) memberPresence(pl place, goName string) []model.Rule {
	st := pl.valueType()
	mt := c.e.m.Lookup(st)
	if mt == nil {
		return nil
	}
	var out []model.Rule
	for _, f := range mt.Fields {
		if f.GoName != goName {
			continue
		}
		for _, r := range f.Rules {
			switch r.(type) {
			case model.Required, model.Optional, model.Forbidden:
				out = append(out, r)
			}
		}
	}
	return out
}

// codeMentions reports whether code, rendered, names the identifier id.
func codeMentions(code []jen.Code, id string) bool {
	return mentions(fmt.Sprintf("%#v", jen.Block(code...)), id)
}

// mentions reports whether rendered code names the identifier id.
func mentions(code, id string) bool {
	for i := 0; ; {
		j := strings.Index(code[i:], id)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(id)
		if (j == 0 || !identByte(code[j-1])) && (end == len(code) || !identByte(code[end])) {
			return true
		}
		i = end
	}
}

func identByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// tooMany is the limit of a rule that caps a list's items (maxItems) or a
// map's entries (maxProperties): over it, the value gets no other check.
func tooMany(r model.Rule) (n int64, ok bool) {
	n, _, ok = tooManyFn(r)
	return n, ok
}

// tooManyFn is tooMany with the runtime function reporting the error.
func tooManyFn(r model.Rule) (n int64, fn string, ok bool) {
	switch x := r.(type) {
	case model.MaxItems:
		return x.N, "MaxItems", true
	case model.MaxProperties:
		return x.N, "MaxProperties", true
	}
	return 0, "", false
}

// tooManyCheck reports a value over the limit of a tooMany rule, then runs
// then.
func (c *fnCtx) tooManyCheck(pl place, r model.Rule, then ...jen.Code) *jen.Statement {
	n, fn, _ := tooManyFn(r)
	defer c.at(r.Stability())()
	return jen.If(jen.Len(pl.derefRaw()).Op(">").Lit(int(n))).Block(append([]jen.Code{
		c.appendErr(jen.Qual(pkgRT, fn).Call(pl.path.arg(), jen.Len(pl.derefRaw()), jen.Lit(int(n))))}, then...)...)
}

// tooFewCheck reports a list or map with fewer than n items or entries,
// with the runtime function fn (MinItems, MinProperties).
func (c *fnCtx) tooFewCheck(pl place, n int64, fn string) *jen.Statement {
	return jen.If(jen.Len(pl.derefRaw()).Op("<").Lit(int(n))).Block(
		c.appendErr(jen.Qual(pkgRT, fn).Call(pl.path.arg(), jen.Len(pl.derefRaw()), jen.Lit(int(n)))))
}
