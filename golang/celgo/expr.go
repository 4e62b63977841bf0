package celgo

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	gotypes "k8s.io/gengo/v2/types"
)

// operand is a compiled CEL subexpression. val is a Go expression that is
// safe to evaluate (no nil dereference) whenever err is "" at run time;
// err is a Go expression of the CEL error message ("" for none), nil when
// the subexpression cannot fail. Subexpressions that can fail are held in
// variables, so evaluating val or err twice costs nothing.
type operand struct {
	kind  kind
	val   *jen.Statement
	err   *jen.Statement
	node  *node      // kObject: the fields that can be selected
	elems []jen.Code // kListLit
	elemK kind       // kListLit
	opt   *operand   // kOptional: the value, when has is true
	has   *jen.Statement
}

// unsupported is the reason a rule is left to the interpreter.
type unsupported struct{ why string }

func (u unsupported) Error() string { return u.why }

func unsupportedf(format string, args ...any) error {
	return unsupported{fmt.Sprintf(format, args...)}
}

// exprCompiler compiles one CEL expression into statements that end with
// its value in Go variables.
type exprCompiler struct {
	vars    *int
	self    *operand
	oldSelf *operand // nil where the expression cannot read it
	lits    *literals
	typeRef func(*gotypes.Type) *jen.Statement
	uses    *uses
	locals  map[string]operand // comprehension variables in scope
}

// uses records the variables the compiled function must declare.
type uses struct{ update, inItem bool }

func (u *uses) updateID() *jen.Statement { u.update = true; return jen.Id("update") }

type literals struct {
	strings []string
	ints    []int64
}

func (c *exprCompiler) fresh(prefix string) string {
	*c.vars++
	return fmt.Sprintf("%s%d", prefix, *c.vars)
}

func (c *exprCompiler) compile(e celast.Expr, out *[]jen.Code) (operand, error) {
	switch e.Kind() {
	case celast.LiteralKind:
		switch v := e.AsLiteral().(type) {
		case types.Bool:
			return operand{kind: kBool, val: jen.Lit(bool(v))}, nil
		case types.Int:
			c.lits.ints = append(c.lits.ints, int64(v))
			return operand{kind: kInt, val: jen.Lit(int64(v))}, nil
		case types.String:
			c.lits.strings = append(c.lits.strings, string(v))
			return operand{kind: kString, val: jen.Lit(string(v))}, nil
		}
		return operand{}, unsupportedf("a literal of type %s", e.AsLiteral().Type().TypeName())
	case celast.IdentKind:
		if o, ok := c.locals[e.AsIdent()]; ok {
			return o, nil
		}
		switch e.AsIdent() {
		case "self":
			return *c.self, nil
		case "oldSelf":
			if c.oldSelf != nil {
				return *c.oldSelf, nil
			}
		}
		return operand{}, unsupportedf("the variable %s", e.AsIdent())
	case celast.SelectKind:
		return c.selectField(e.AsSelect(), out)
	case celast.ListKind:
		l := e.AsList()
		if len(l.OptionalIndices()) > 0 {
			return operand{}, unsupportedf("a list with optional elements")
		}
		lit := operand{kind: kListLit}
		for _, el := range l.Elements() {
			if el.Kind() != celast.LiteralKind {
				return operand{}, unsupportedf("a list of other than literals")
			}
			o, err := c.compile(el, out)
			if err != nil {
				return operand{}, err
			}
			if lit.elemK != 0 && lit.elemK != o.kind {
				return operand{}, unsupportedf("a list of mixed types")
			}
			lit.elemK = o.kind
			lit.elems = append(lit.elems, o.val)
		}
		return lit, nil
	case celast.CallKind:
		return c.call(e.AsCall(), out)
	case celast.ComprehensionKind:
		return c.comprehension(e.AsComprehension(), out)
	}
	return operand{}, unsupportedf("a %s", map[celast.ExprKind]string{celast.MapKind: "map literal", celast.StructKind: "message literal"}[e.Kind()])
}

// selectField compiles x.f and has(x.f).
func (c *exprCompiler) selectField(s celast.SelectExpr, out *[]jen.Code) (operand, error) {
	x, err := c.compile(s.Operand(), out)
	if err != nil {
		return operand{}, err
	}
	if x.kind != kObject || x.node == nil {
		return operand{}, unsupportedf("selecting %s on a value that is not an object", s.FieldName())
	}
	p, ok := x.node.props[s.FieldName()]
	if !ok {
		return operand{}, unsupportedf("the field %s, not in the schema", s.FieldName())
	}
	if p.node == nil {
		return operand{}, unsupportedf("the field %s: %s", s.FieldName(), p.why)
	}
	f := x.val.Clone().Dot(p.member)
	present := c.present(p, f)
	if s.IsTestOnly() {
		if x.err == nil {
			return operand{kind: kBool, val: jen.Parens(present)}, nil
		}
		v, e := c.fresh("v"), c.fresh("e")
		*out = append(*out, jen.Var().Id(v).Bool(), jen.Id(e).Op(":=").Add(x.err),
			jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.Id(v).Op("=").Add(present)))
		return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
	}
	val := p.value(f)
	res := operand{kind: p.node.kind, node: p.node}
	if present == nil && x.err == nil {
		res.val = val
		return res, nil
	}
	v, e := c.fresh("v"), c.fresh("e")
	typ := p.node.kind.goType()
	switch p.node.kind {
	case kObject:
		typ = jen.Op("*").Add(c.typeRef(p.node.goTyp))
	case kList:
		typ = c.typeRef(p.node.goTyp)
	}
	if p.node.kind == kObject && !p.isPtr {
		val = jen.Op("&").Add(val)
	}
	assign := []jen.Code{jen.Id(v).Op("=").Add(val)}
	if present != nil {
		assign = []jen.Code{jen.If(present).Block(assign...).Else().Block(jen.Id(e).Op("=").Lit("no such key: " + p.name))}
	}
	if x.err == nil {
		*out = append(*out, jen.Var().Id(v).Add(typ), jen.Var().Id(e).String())
		*out = append(*out, assign...)
	} else {
		*out = append(*out, jen.Var().Id(v).Add(typ), jen.Id(e).Op(":=").Add(x.err),
			jen.If(jen.Id(e).Op("==").Lit("")).Block(assign...))
	}
	res.val, res.err = jen.Id(v), jen.Id(e)
	return res, nil
}

// present is the Go condition under which the property is in the
// server's view of the object f belongs to; nil when always.
func (c *exprCompiler) present(p *prop, f *jen.Statement) *jen.Statement {
	if p.absent == nil {
		return nil
	}
	cond := jen.Op("!").Parens(p.absent(f))
	if p.inItem {
		c.uses.inItem = true
		return jen.Parens(jen.Id("inItem").Op("||").Add(cond))
	}
	return cond
}

var comparisons = map[string]string{
	operators.Equals: "==", operators.NotEquals: "!=",
	operators.Less: "<", operators.LessEquals: "<=", operators.Greater: ">", operators.GreaterEquals: ">=",
}

func (c *exprCompiler) call(call celast.CallExpr, out *[]jen.Code) (operand, error) {
	fn := call.FunctionName()
	args := call.Args()
	if call.IsMemberFunction() {
		args = append([]celast.Expr{call.Target()}, args...)
	}
	switch fn {
	case operators.LogicalAnd, operators.LogicalOr:
		return c.logical(fn == operators.LogicalAnd, args, out)
	case operators.Conditional:
		return c.conditional(args, out)
	}
	ops := make([]operand, len(args))
	for i, a := range args {
		o, err := c.compile(a, out)
		if err != nil {
			return operand{}, err
		}
		ops[i] = o
	}
	switch fn {
	case operators.LogicalNot:
		if ops[0].kind != kBool {
			return operand{}, unsupportedf("! of a non-bool")
		}
		return c.combine(out, kBool, jen.Op("!").Add(ops[0].val), ops...), nil
	case operators.Equals, operators.NotEquals, operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals:
		a, b := ops[0], ops[1]
		if a.kind != b.kind || (a.kind != kInt && a.kind != kString && a.kind != kBool) {
			return operand{}, unsupportedf("%s of these types", fn)
		}
		if a.kind == kBool && fn != operators.Equals && fn != operators.NotEquals {
			return operand{}, unsupportedf("ordering bools")
		}
		return c.combine(out, kBool, jen.Parens(a.val.Clone().Op(comparisons[fn]).Add(b.val)), ops...), nil
	case operators.In:
		a, l := ops[0], ops[1]
		if l.kind != kListLit || (len(l.elems) > 0 && l.elemK != a.kind) || (a.kind != kInt && a.kind != kString && a.kind != kBool) {
			return operand{}, unsupportedf("in over other than a list of literals")
		}
		var cond *jen.Statement
		for _, el := range l.elems {
			eq := a.val.Clone().Op("==").Add(el)
			if cond == nil {
				cond = eq
			} else {
				cond = cond.Op("||").Add(eq)
			}
		}
		if cond == nil {
			cond = jen.False()
		}
		return c.combine(out, kBool, jen.Parens(cond), a), nil
	case "size":
		if len(ops) != 1 {
			return operand{}, unsupportedf("size with %d arguments", len(ops))
		}
		switch ops[0].kind {
		case kString:
			return c.combine(out, kInt, jen.Int64().Call(jen.Qual("unicode/utf8", "RuneCountInString").Call(ops[0].val)), ops...), nil
		case kList:
			return c.combine(out, kInt, jen.Int64().Call(jen.Len(ops[0].val)), ops...), nil
		}
		return operand{}, unsupportedf("size of this type")
	case "startsWith", "endsWith", "contains":
		if len(ops) != 2 || ops[0].kind != kString || ops[1].kind != kString {
			return operand{}, unsupportedf("%s of these types", fn)
		}
		f := map[string]string{"startsWith": "HasPrefix", "endsWith": "HasSuffix", "contains": "Contains"}[fn]
		return c.combine(out, kBool, jen.Qual("strings", f).Call(ops[0].val, ops[1].val), ops...), nil
	case operators.Add:
		if ops[0].kind != kString || ops[1].kind != kString {
			return operand{}, unsupportedf("+ of other than strings")
		}
		return c.combine(out, kString, jen.Parens(ops[0].val.Clone().Op("+").Add(ops[1].val)), ops...), nil
	case "string":
		if len(ops) != 1 {
			break
		}
		switch ops[0].kind {
		case kString:
			return ops[0], nil
		case kInt:
			return c.combine(out, kString, jen.Qual("strconv", "FormatInt").Call(ops[0].val, jen.Lit(10)), ops...), nil
		}
	case "hasValue":
		if ops[0].kind == kOptional && len(ops) == 1 {
			return operand{kind: kBool, val: ops[0].has}, nil
		}
	case "value":
		if ops[0].kind == kOptional && len(ops) == 1 {
			o := *ops[0].opt
			v, e := c.fresh("v"), c.fresh("e")
			typ := o.kind.goType()
			if typ == nil {
				return operand{}, unsupportedf("an optional of this type")
			}
			*out = append(*out, jen.Var().Id(v).Add(typ), jen.Var().Id(e).String(),
				jen.If(ops[0].has).Block(jen.Id(v).Op("=").Add(o.val)).Else().Block(jen.Id(e).Op("=").Lit("optional.none() dereference")))
			return operand{kind: o.kind, val: jen.Id(v), err: jen.Id(e)}, nil
		}
	}
	return operand{}, unsupportedf("the function %s", fn)
}

// combine is the operand of val, computed from ops: the first error of
// ops in order, else val.
func (c *exprCompiler) combine(out *[]jen.Code, k kind, val *jen.Statement, ops ...operand) operand {
	var errs []*jen.Statement
	for _, o := range ops {
		if o.err != nil {
			errs = append(errs, o.err)
		}
	}
	if len(errs) == 0 {
		return operand{kind: k, val: val}
	}
	v, e := c.fresh("v"), c.fresh("e")
	*out = append(*out, jen.Var().Id(v).Add(k.goType()), jen.Id(e).Op(":=").Add(errs[0]))
	for _, other := range errs[1:] {
		*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.Id(e).Op("=").Add(other)))
	}
	*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.Id(v).Op("=").Add(val)))
	return operand{kind: k, val: jen.Id(v), err: jen.Id(e)}
}

// logical compiles && and ||: false (true) when any side is, else the
// first error, else true (false), as cel-go's evaluation of both sides.
func (c *exprCompiler) logical(and bool, args []celast.Expr, out *[]jen.Code) (operand, error) {
	a, err := c.compile(args[0], out)
	if err != nil {
		return operand{}, err
	}
	var rhs []jen.Code
	b, err := c.compile(args[1], &rhs)
	if err != nil {
		return operand{}, err
	}
	if a.kind != kBool || b.kind != kBool {
		return operand{}, unsupportedf("&& or || of non-bools")
	}
	op := "||"
	if and {
		op = "&&"
	}
	if a.err == nil && b.err == nil {
		if len(rhs) == 0 {
			return operand{kind: kBool, val: jen.Parens(a.val.Clone().Op(op).Add(b.val))}, nil
		}
		// b's statements run only when a does not decide.
		v := c.fresh("v")
		decide := a.val.Clone()
		if and {
			decide = jen.Op("!").Add(a.val.Clone())
		}
		*out = append(*out, jen.Var().Id(v).Bool(), jen.If(decide).Block(jen.Id(v).Op("=").Lit(!and)).Else().Block(append(rhs, jen.Id(v).Op("=").Add(b.val))...))
		return operand{kind: kBool, val: jen.Id(v)}, nil
	}
	*out = append(*out, rhs...)
	// decisive is the value that decides: false for &&, true for ||.
	decides := func(o operand) *jen.Statement {
		v := o.val.Clone()
		if and {
			v = jen.Op("!").Add(o.val.Clone())
		}
		if o.err == nil {
			return jen.Parens(v)
		}
		return jen.Parens(o.err.Clone().Op("==").Lit("").Op("&&").Add(v))
	}
	v, e := c.fresh("v"), c.fresh("e")
	cases := []jen.Code{jen.Case(decides(a).Op("||").Add(decides(b))).Block(jen.Id(v).Op("=").Lit(!and))}
	for _, o := range []operand{a, b} {
		if o.err != nil {
			cases = append(cases, jen.Case(o.err.Clone().Op("!=").Lit("")).Block(jen.Id(e).Op("=").Add(o.err)))
		}
	}
	cases = append(cases, jen.Default().Block(jen.Id(v).Op("=").Lit(and)))
	*out = append(*out, jen.Var().Id(v).Bool(), jen.Var().Id(e).String(), jen.Switch().Block(cases...))
	return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
}

// conditional compiles c ? x : y, which evaluates only the branch taken.
func (c *exprCompiler) conditional(args []celast.Expr, out *[]jen.Code) (operand, error) {
	cond, err := c.compile(args[0], out)
	if err != nil {
		return operand{}, err
	}
	if cond.kind != kBool {
		return operand{}, unsupportedf("a condition that is not a bool")
	}
	var xs, ys []jen.Code
	x, err := c.compile(args[1], &xs)
	if err != nil {
		return operand{}, err
	}
	y, err := c.compile(args[2], &ys)
	if err != nil {
		return operand{}, err
	}
	if x.kind != y.kind || x.kind.goType() == nil || x.kind == kList {
		return operand{}, unsupportedf("a conditional of these types")
	}
	v, e := c.fresh("v"), c.fresh("e")
	fails := x.err != nil || y.err != nil || cond.err != nil
	branch := func(stmts []jen.Code, o operand) []jen.Code {
		if o.err == nil {
			return append(stmts, jen.Id(v).Op("=").Add(o.val))
		}
		return append(stmts, jen.If(o.err.Clone().Op("==").Lit("")).Block(jen.Id(v).Op("=").Add(o.val)).Else().Block(jen.Id(e).Op("=").Add(o.err)))
	}
	choose := jen.If(cond.val).Block(branch(xs, x)...).Else().Block(branch(ys, y)...)
	*out = append(*out, jen.Var().Id(v).Add(x.kind.goType()))
	if fails {
		*out = append(*out, jen.Var().Id(e).String())
	}
	if cond.err != nil {
		*out = append(*out, jen.If(cond.err.Clone().Op("!=").Lit("")).Block(jen.Id(e).Op("=").Add(cond.err)).Else().Block(choose))
	} else {
		*out = append(*out, choose)
	}
	res := operand{kind: x.kind, val: jen.Id(v)}
	if fails {
		res.err = jen.Id(e)
	}
	return res, nil
}

// comprehension compiles all() and exists() over a list: false (true) as
// soon as an item's predicate is, else the first item's error, else true
// (false), as cel-go's macro expansion evaluates them.
func (c *exprCompiler) comprehension(cx celast.ComprehensionExpr, out *[]jen.Code) (operand, error) {
	if cx.HasIterVar2() {
		return operand{}, unsupportedf("a two-variable comprehension")
	}
	init := cx.AccuInit()
	step := cx.LoopStep()
	res := cx.Result()
	if init.Kind() != celast.LiteralKind || step.Kind() != celast.CallKind || res.Kind() != celast.IdentKind || res.AsIdent() != cx.AccuVar() {
		return operand{}, unsupportedf("a comprehension other than all() or exists()")
	}
	initVal, ok := init.AsLiteral().(types.Bool)
	call := step.AsCall()
	if !ok || len(call.Args()) != 2 || call.Args()[0].Kind() != celast.IdentKind || call.Args()[0].AsIdent() != cx.AccuVar() ||
		(bool(initVal) && call.FunctionName() != operators.LogicalAnd) || (!bool(initVal) && call.FunctionName() != operators.LogicalOr) {
		return operand{}, unsupportedf("a comprehension other than all() or exists()")
	}
	all := bool(initVal)
	list, err := c.compile(cx.IterRange(), out)
	if err != nil {
		return operand{}, err
	}
	if list.kind != kList || list.node == nil || list.node.isMap || list.node.elem == nil {
		return operand{}, unsupportedf("all() or exists() over other than a list of values the subset reads")
	}
	elem := list.node.elem
	i, x := c.fresh("i"), c.fresh("x")
	var item operand
	body := []jen.Code{}
	switch elem.kind {
	case kObject:
		body = append(body, jen.Id(x).Op(":=").Op("&").Add(list.val.Clone()).Index(jen.Id(i)))
		item = operand{kind: kObject, val: jen.Id(x), node: elem}
	case kInt, kString, kBool:
		body = append(body, jen.Id(x).Op(":=").Add(scalar(elem.kind, list.val.Clone().Index(jen.Id(i)))))
		item = operand{kind: elem.kind, val: jen.Id(x)}
	default:
		return operand{}, unsupportedf("all() or exists() over lists of lists")
	}
	saved, had := c.locals[cx.IterVar()]
	if c.locals == nil {
		c.locals = map[string]operand{}
	}
	c.locals[cx.IterVar()] = item
	pred, err := c.compile(call.Args()[1], &body)
	if had {
		c.locals[cx.IterVar()] = saved
	} else {
		delete(c.locals, cx.IterVar())
	}
	if err != nil {
		return operand{}, err
	}
	if pred.kind != kBool {
		return operand{}, unsupportedf("a predicate that is not a bool")
	}
	v, e := c.fresh("v"), c.fresh("e")
	decides := pred.val.Clone()
	if all {
		decides = jen.Op("!").Add(pred.val.Clone())
	}
	if pred.err != nil {
		decides = pred.err.Clone().Op("==").Lit("").Op("&&").Add(decides)
	}
	body = append(body, jen.If(decides).Block(jen.Id(v).Op("=").Lit(!all), jen.Id(e).Op("=").Lit(""), jen.Break()))
	if pred.err != nil {
		body = append(body, jen.If(pred.err.Clone().Op("!=").Lit("").Op("&&").Id(e).Op("==").Lit("")).Block(jen.Id(e).Op("=").Add(pred.err)))
	}
	loop := jen.For(jen.Id(i).Op(":=").Range().Add(list.val.Clone())).Block(body...)
	*out = append(*out, jen.Id(v).Op(":=").Lit(all), jen.Var().Id(e).String())
	if list.err != nil {
		*out = append(*out, jen.If(list.err.Clone().Op("!=").Lit("")).Block(jen.Id(e).Op("=").Add(list.err)).Else().Block(loop))
	} else {
		*out = append(*out, loop)
	}
	return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
}
