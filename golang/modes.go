package golang

import (
	"slices"
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// modeChecks emits the +k8s:ifMode checks of the struct at obj, one block
// per modality and member, as Kubernetes' validate.Discriminated runs
// them: skipped on an update that changed neither the discriminator nor
// the member; else the rules of the mode the discriminator holds, or, in
// any other mode, Forbidden when the member is set.
func (c *fnCtx) modeChecks(t *model.Type, root *pathVar) []jen.Code {
	// The checks hold no tracked places: the descent of a validateTree
	// function does not run through them.
	defer func(tree bool) { c.tree = tree }(c.tree)
	c.tree = false
	var out []jen.Code
	for _, m := range t.Modalities {
		for _, mem := range m.Members {
			out = append(out, c.modeMember(m, mem, root)...)
		}
	}
	return out
}

func (c *fnCtx) modeMember(m *model.Modality, mem *model.ModeMember, root *pathVar) []jen.Code {
	f := mem.Field
	v, ov := c.name("v"), c.name("ov")
	// The place's rules are the field's own: eachVal reads its listType
	// there to correlate items with the old list, as Kubernetes' does.
	pl := place{t: f.Go, rules: f.Rules, v: v, ov: ov, oldParent: "oldObj != nil",
		path: childPath(c.name("fp"), root, "Child", jen.Lit(f.JSONName))}
	sel := func(o string) jen.Code {
		if pl.isPtr() {
			return jen.Id(o).Dot(f.GoName)
		}
		return jen.Op("&").Id(o).Dot(f.GoName)
	}
	d := gotype.Resolve(m.Discriminator.Go)
	isBool := d.Kind == types.Builtin && gotype.BuiltinKind(d.Name.Name) == "bool"
	var cases []jen.Code
	for _, mode := range mem.Modes {
		var lit jen.Code = jen.Lit(mode.Value)
		if isBool {
			lit = jen.Lit(mode.Value == "true")
		}
		cases = append(cases, jen.Case(lit).Block(c.modeBody(pl, mode.Rules)...))
	}
	if !isBool || len(mem.Modes) < 2 {
		restore := c.at(mem.ForbiddenLevel)
		cases = append(cases, jen.Default().Block(jen.If(c.setExpr(pl)).Block(
			c.appendErr(jen.Qual(pkgRT, "InMode").Call(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg()))))))
		restore()
	}
	disc := func(o string) *jen.Statement { return jen.Id(o).Dot(m.Discriminator.GoName) }
	unchanged := isUpdate().Op("&&").Id("oldObj").Op("!=").Nil().Op("&&").Add(disc("obj")).Op("==").Add(disc("oldObj")).Op("&&").Add(c.eqTo(pl, ov))
	ovType := jen.Op("*").Add(c.e.typeCode(pl.valueType()))
	if pl.isPtr() && pl.t.Name.Name != "" {
		ovType = c.e.typeCode(pl.t)
	}
	label := "field " + f.JSONName + " by modality "
	if m.Name == "" {
		label += "default"
	} else {
		label += strconv.Quote(m.Name)
	}
	body := []jen.Code{
		jen.Id(v).Op(":=").Add(sel("obj")),
		jen.Var().Id(ov).Add(ovType),
		jen.If(jen.Id("oldObj").Op("!=").Nil()).Block(jen.Id(ov).Op("=").Add(sel("oldObj"))),
		jen.If(jen.Op("!").Parens(unchanged)).Block(jen.Switch(disc("obj")).Block(cases...)),
	}
	return []jen.Code{jen.Comment(label), jen.Block(pl.path.withDecl(body)...)}
}

// modeBody emits the rules of one mode as Kubernetes' generator writes
// them into validate.Discriminated: in order, the short-circuiting ones
// (required, optional, forbidden, maxItems, maxProperties) stopping only
// the rules after the last of them, and no error marked short-circuiting.
func (c *fnCtx) modeBody(pl place, rules []model.Rule) []jen.Code {
	last := -1
	for i, r := range rules {
		if modeStops(r) {
			last = i
		}
	}
	var after []jen.Code
	for _, r := range rules[last+1:] {
		after = append(after, c.modeRule(pl, r, "")...)
	}
	stop := ""
	if len(after) > 0 && last >= 0 {
		stop = c.name("stop")
	}
	var out []jen.Code
	for _, r := range rules[:last+1] {
		out = append(out, c.modeRule(pl, r, stop)...)
	}
	if stop == "" {
		return append(out, after...)
	}
	return append(append([]jen.Code{jen.Var().Id(stop).Bool()}, out...), jen.If(jen.Op("!").Id(stop)).Block(after...))
}

// modeStops reports a rule that Kubernetes marks short-circuiting: when it
// reports (or, for optional, finds the value unset), the rules after the
// last such rule of the mode do not run.
func modeStops(r model.Rule) bool {
	switch x := r.(type) {
	case model.Required, model.Optional, model.Forbidden, model.MaxItems, model.MaxProperties:
		return true
	case model.IfOption:
		// Kubernetes wraps each function of the chained tag in its own
		// validate.IfOption, with the function's flags.
		return slices.ContainsFunc(x.Rules, modeStops)
	}
	return false
}

// modeRule emits one rule of a mode; a short-circuiting rule that reports
// sets stop, when stop is not "".
func (c *fnCtx) modeRule(pl place, r model.Rule, stop string) []jen.Code {
	defer c.at(r.Stability())()
	var set []jen.Code
	if stop != "" {
		set = []jen.Code{jen.Id(stop).Op("=").True()}
	}
	inMode := func(e jen.Code) jen.Code { return c.appendErr(jen.Qual(pkgRT, "InMode").Call(e)) }
	switch x := r.(type) {
	case model.IfOption:
		var out []jen.Code
		for _, in := range x.Rules {
			out = append(out, c.modeOption(pl, x, in, stop)...)
		}
		return out
	case model.Required:
		return []jen.Code{jen.If(c.unsetExpr(pl)).Block(append([]jen.Code{inMode(jen.Qual(pkgRT, "Required").Call(pl.path.arg()))}, set...)...)}
	case model.Optional:
		if stop == "" {
			return nil
		}
		return []jen.Code{jen.If(c.unsetExpr(pl)).Block(set...)}
	case model.Forbidden:
		// Forbidden stops the rules after it whether the value is set
		// (an error) or not (Kubernetes pairs it with optional).
		return append([]jen.Code{jen.If(c.setExpr(pl)).Block(inMode(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg())))}, set...)
	}
	var code []jen.Code
	if n, fn, ok := tooManyFn(r); ok {
		code = []jen.Code{jen.If(jen.Len(pl.derefRaw()).Op(">").Lit(int(n))).Block(append([]jen.Code{
			inMode(jen.Qual(pkgRT, fn).Call(pl.path.arg(), jen.Len(pl.derefRaw()), jen.Lit(int(n))))}, set...)...)}
	} else {
		code = c.rule(pl, r)
	}
	if pl.isPtr() && len(code) > 0 {
		return []jen.Code{jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(code...)}
	}
	return code
}

// modeOption is one tag chained after +k8s:ifEnabled or ifDisabled in a
// mode, as Kubernetes' validate.IfOption runs it there: an option the
// caller did not define is an InternalError (marked with the option tag's
// level, none with optional, whose errors are not reported) that stops the
// mode as the tag would.
func (c *fnCtx) modeOption(pl place, x model.IfOption, in model.Rule, stop string) []jen.Code {
	var undefined []jen.Code
	if _, optional := in.(model.Optional); !optional {
		restore := c.at(x.Stability())
		undefined = append(undefined, c.appendErr(jen.Qual(pkgRT, "UndefinedOption").Call(pl.path.arg(), jen.Lit(x.Option))))
		restore()
	}
	if stop != "" && modeStops(in) {
		undefined = append(undefined, jen.Id(stop).Op("=").True())
	}
	body := c.modeRule(pl, in, stop)
	if len(body) == 0 && len(undefined) == 0 {
		return nil
	}
	en, ok := c.name("enabled"), c.name("defined")
	cond := jen.Id(en)
	if !x.Enabled {
		cond = jen.Op("!").Id(en)
	}
	gate := jen.If(jen.List(jen.Id(en), jen.Id(ok)).Op(":=").Id("op").Dot("Options").Index(jen.Lit(x.Option)), jen.Op("!").Id(ok)).Block(undefined...)
	if len(body) > 0 {
		gate = gate.Else().If(cond).Block(body...)
	} else {
		gate = jen.If(jen.List(jen.Id("_"), jen.Id(ok)).Op(":=").Id("op").Dot("Options").Index(jen.Lit(x.Option)), jen.Op("!").Id(ok)).Block(undefined...)
	}
	return []jen.Code{gate}
}
