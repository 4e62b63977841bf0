package celgo

import (
	"fmt"
	"time"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	apiservercel "k8s.io/apiserver/pkg/cel"
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
	lazy  *lazyList // kLazy
	// splitCount is size() of the list split() makes (val), which build
	// writes where the list itself is used.
	splitCount *jen.Statement
	build      []jen.Code
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
	// regexps are the patterns of matches(), held compiled in the
	// package variable regexpVar (an array, in this order).
	regexps   *[]string
	regexpVar string
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
	return localName(prefix, *c.vars)
}

// localName is the name of a local variable of compiled rules: prefix_n.
// The underscore keeps it apart from every import name of the file, which
// jennifer makes of letters and digits (v1, v11 for the second package
// named v1): a local v1 would shadow k8s.io/api/core/v1 (Kong's pod
// templates).
func localName(prefix string, n int) string {
	return fmt.Sprintf("%s_%d", prefix, n)
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
		var ops []operand
		for _, el := range l.Elements() {
			o, err := c.compile(el, out)
			if err != nil {
				return operand{}, err
			}
			if o.kind != kInt && o.kind != kString && o.kind != kBool {
				return operand{}, unsupportedf("a list literal of other than scalars")
			}
			if lit.elemK != 0 && lit.elemK != o.kind {
				return operand{}, unsupportedf("a list of mixed types")
			}
			lit.elemK = o.kind
			lit.elems = append(lit.elems, o.val)
			ops = append(ops, o)
		}
		// The list is an error when an element is: the first one's.
		if c.canFail(ops...) {
			e := c.fresh("e")
			c.firstError(out, e, ops...)
			lit.err = jen.Id(e)
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
	if x.kind == kList && x.node != nil && x.node.isMap {
		key := operand{kind: kString, val: jen.Lit(s.FieldName())}
		if s.IsTestOnly() {
			return c.mapHasKey(x, key, out), nil
		}
		return c.mapIndex(x, key, out)
	}
	if x.kind != kObject || x.node == nil {
		return operand{}, unsupportedf("selecting %s on a value that is not an object", s.FieldName())
	}
	// The property a CEL field names: the server escapes a property
	// name that is not a CEL identifier (namespace as __namespace__, a-b
	// as a__dash__b; external-snapshotter's rules on an ObjectReference).
	prop := s.FieldName()
	if unescaped, ok := apiservercel.Unescape(prop); ok {
		prop = unescaped
	}
	p, ok := x.node.props[prop]
	if !ok {
		return operand{}, unsupportedf("the field %s, not in the schema", s.FieldName())
	}
	if p.presenceWhy != "" {
		return operand{}, unsupportedf("the field %s: %s", s.FieldName(), p.presenceWhy)
	}
	f := x.val.Clone().Dot(p.member)
	present := c.present(p, f)
	if s.IsTestOnly() && p.base64 {
		// Present, the value is decoded, and a value the server cannot
		// decode is the rule's error.
		v, e := c.fresh("v"), c.fresh("e")
		decode := []jen.Code{jen.Id(e).Op("=").Qual(pkgRT, "CELBytesError").Call(f.Clone()), jen.Id(v).Op("=").Id(e).Op("==").Lit("")}
		errInit, guard := jen.Lit(""), present
		if x.err != nil {
			errInit, guard = x.err, jen.Id(e).Op("==").Lit("")
			if present != nil {
				guard = guard.Op("&&").Add(present)
			}
		}
		*out = append(*out, jen.Var().Id(v).Bool(), jen.Id(e).Op(":=").Add(errInit))
		if guard != nil {
			*out = append(*out, jen.If(guard).Block(decode...))
		} else {
			*out = append(*out, decode...)
		}
		return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
	}
	if s.IsTestOnly() {
		if present == nil {
			// Always there (a default): the object is read for its own
			// error only.
			present = jen.True()
			*out = append(*out, jen.Id("_").Op("=").Add(x.val.Clone()))
		}
		if x.err == nil {
			return operand{kind: kBool, val: jen.Parens(present)}, nil
		}
		v, e := c.fresh("v"), c.fresh("e")
		*out = append(*out, jen.Var().Id(v).Bool(), jen.Id(e).Op(":=").Add(x.err),
			jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.Id(v).Op("=").Add(present)))
		return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
	}
	if p.node == nil {
		return operand{}, unsupportedf("the field %s: %s", s.FieldName(), p.why)
	}
	val := p.value(f)
	res := operand{kind: p.node.kind, node: p.node}
	if present == nil && p.def == nil && !p.zeroDefault && x.err == nil {
		res.val = val
		return res, nil
	}
	v := c.fresh("v")
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
	var e string
	assign := []jen.Code{jen.Id(v).Op("=").Add(val)}
	if p.node.kind == kTimestamp {
		// A time the server cannot read back (a year past 9999) is an
		// error value, as its decoding makes it.
		e = c.fresh("e")
		f := f.Clone()
		if p.isPtr {
			f = jen.Parens(jen.Op("*").Add(f))
		}
		assign = []jen.Code{jen.List(jen.Id(v), jen.Id(e)).Op("=").Qual(pkgRT, "CELTimestamp").Call(f.Dot("Time"))}
		if present != nil {
			assign = []jen.Code{jen.If(present).Block(assign...).Else().Block(jen.Id(e).Op("=").Lit("no such key: " + p.name))}
		}
	}
	switch {
	case p.node.kind == kTimestamp:
	case p.def != nil:
		// Where Go's JSON leaves it out, the server's decoding gave it
		// its default.
		assign = []jen.Code{jen.If(p.absent(f)).Block(jen.Id(v).Op("=").Add(p.def)).Else().Block(assign...)}
	case p.zeroDefault:
		// {}, with its own properties' defaults: the zero value.
		assign = []jen.Code{jen.If(p.absent(f)).Block(jen.Id(v).Op("=").Op("&").Add(c.typeRef(p.node.goTyp)).Values()).Else().Block(assign...)}
	case present != nil:
		e = c.fresh("e")
		assign = []jen.Code{jen.If(present).Block(assign...).Else().Block(jen.Id(e).Op("=").Lit("no such key: " + p.name))}
	}
	switch {
	case x.err == nil && e == "":
		*out = append(*out, jen.Var().Id(v).Add(typ))
		*out = append(*out, assign...)
		res.val = jen.Id(v)
		return res, nil
	case x.err == nil:
		*out = append(*out, jen.Var().Id(v).Add(typ), jen.Var().Id(e).String())
		*out = append(*out, assign...)
	default:
		if e == "" {
			e = c.fresh("e")
		}
		*out = append(*out, jen.Var().Id(v).Add(typ), jen.Id(e).Op(":=").Add(x.err),
			jen.If(jen.Id(e).Op("==").Lit("")).Block(assign...))
	}
	res.val, res.err = jen.Id(v), jen.Id(e)
	return res, nil
}

// present is the Go condition under which the property is in the
// server's view of the object f belongs to; nil when always.
func (c *exprCompiler) present(p *prop, f *jen.Statement) *jen.Statement {
	if p.absent == nil || p.def != nil || p.zeroDefault {
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
	case "matches":
		return c.matches(args, out)
	case "duration":
		if len(args) == 1 && args[0].Kind() == celast.LiteralKind {
			lit, _ := args[0].AsLiteral().Value().(string)
			d, err := time.ParseDuration(lit)
			if err != nil {
				return operand{}, unsupportedf("duration() of %q, which does not parse", lit)
			}
			return operand{kind: kDuration, val: jen.Lit(int64(d))}, nil
		}
	}
	ops := make([]operand, len(args))
	for i, a := range args {
		o, err := c.compile(a, out)
		if err != nil {
			return operand{}, err
		}
		if fn != "size" {
			o = c.built(o, out)
		}
		ops[i] = o
	}
	if fn != "duration" && !(len(ops) == 2 && ops[0].kind == kDurationString && ops[1].kind == kDurationString && (fn == operators.Equals || fn == operators.NotEquals)) {
		for i, o := range ops {
			if o.kind == kDurationString {
				// The string the server sees (String() is one to one, so
				// two are compared as durations above).
				ops[i] = operand{kind: kString, val: jen.Qual("time", "Duration").Call(o.val).Dot("String").Call(), err: o.err}
			}
		}
	}
	switch fn {
	case operators.LogicalNot:
		if ops[0].kind != kBool {
			return operand{}, unsupportedf("! of a non-bool")
		}
		return c.combine(out, kBool, jen.Op("!").Add(ops[0].val), ops...), nil
	case operators.Equals, operators.NotEquals:
		eq, err := c.equal(ops[0], ops[1])
		if err != nil {
			return operand{}, err
		}
		if fn == operators.NotEquals {
			eq = jen.Op("!").Add(eq)
		}
		return c.combine(out, kBool, eq, ops...), nil
	case "duration":
		if len(ops) == 1 && ops[0].kind == kDurationString {
			o := ops[0]
			o.kind = kDuration
			return o, nil
		}
	case operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals:
		a, b := ops[0], ops[1]
		if a.kind != b.kind || (a.kind != kInt && a.kind != kString && a.kind != kDuration && a.kind != kTimestamp) {
			return operand{}, unsupportedf("%s of these types", fn)
		}
		return c.combine(out, kBool, jen.Parens(a.val.Clone().Op(comparisons[fn]).Add(b.val)), ops...), nil
	case operators.In:
		return c.in(ops[0], ops[1], out)
	case operators.Index:
		return c.index(ops[0], ops[1], out)
	case "size":
		if len(ops) != 1 {
			return operand{}, unsupportedf("size with %d arguments", len(ops))
		}
		if ops[0].kind == kString {
			return c.combine(out, kInt, jen.Int64().Call(jen.Qual("unicode/utf8", "RuneCountInString").Call(ops[0].val)), ops...), nil
		}
		return c.size(ops[0], out)
	case operators.Add:
		switch {
		case ops[0].kind == kString && ops[1].kind == kString:
			return c.combine(out, kString, jen.Parens(ops[0].val.Clone().Op("+").Add(ops[1].val)), ops...), nil
		case ops[0].kind == kInt && ops[1].kind == kInt:
			return c.checked(out, "CELAdd", ops...), nil
		}
		return operand{}, unsupportedf("+ of these types")
	case operators.Subtract, operators.Multiply, operators.Divide, operators.Modulo:
		if ops[0].kind != kInt || ops[1].kind != kInt {
			return operand{}, unsupportedf("%s of other than ints", fn)
		}
		return c.checked(out, map[string]string{operators.Subtract: "CELSub", operators.Multiply: "CELMul", operators.Divide: "CELDiv", operators.Modulo: "CELMod"}[fn], ops...), nil
	case operators.Negate:
		if ops[0].kind != kInt {
			return operand{}, unsupportedf("- of other than an int")
		}
		return c.checked(out, "CELNeg", ops...), nil
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
	case "int":
		if len(ops) == 1 && ops[0].kind == kInt {
			return ops[0], nil
		}
	case "hasValue":
		if ops[0].kind == kOptional && len(ops) == 1 {
			return operand{kind: kBool, val: jen.Parens(ops[0].has.Clone())}, nil
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
	default:
		if o, ok, err := c.stringFunc(fn, ops, out); ok || err != nil {
			return o, err
		}
	}
	return operand{}, unsupportedf("the function %s", fn)
}

// built is o with split()'s list built, for a use other than size().
func (c *exprCompiler) built(o operand, out *[]jen.Code) operand {
	if o.build != nil {
		*out = append(*out, o.build...)
		o.build, o.splitCount = nil, nil
	}
	return o
}

// canFail reports whether any of ops can fail.
func (c *exprCompiler) canFail(ops ...operand) bool {
	for _, o := range ops {
		if o.err != nil {
			return true
		}
	}
	return false
}

// checked is the int arithmetic of the runtime's function fn (CELAdd,
// ...), which gives cel-go's errors: integer overflow, division and
// modulus by zero.
func (c *exprCompiler) checked(out *[]jen.Code, fn string, ops ...operand) operand {
	v, e := c.fresh("v"), c.fresh("e")
	args := make([]jen.Code, len(ops))
	for i, o := range ops {
		args[i] = o.val.Clone()
	}
	if !c.canFail(ops...) {
		*out = append(*out, jen.List(jen.Id(v), jen.Id(e)).Op(":=").Qual(pkgRT, fn).Call(args...))
		return operand{kind: kInt, val: jen.Id(v), err: jen.Id(e)}
	}
	*out = append(*out, jen.Var().Id(v).Int64())
	c.firstError(out, e, ops...)
	*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.List(jen.Id(v), jen.Id(e)).Op("=").Qual(pkgRT, fn).Call(args...)))
	return operand{kind: kInt, val: jen.Id(v), err: jen.Id(e)}
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
			if fmt.Sprintf("%#v", a.val) == fmt.Sprintf("%#v", b.val) {
				// x || x is x (Kong repeats a has()), and go vet
				// reports it in the generated file.
				return a, nil
			}
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
