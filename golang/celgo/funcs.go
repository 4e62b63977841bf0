package celgo

import (
	"regexp"

	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"

	"github.com/declval/validation-gen/gotype"
)

// matches compiles s.matches(re) with re a literal: the regular
// expression is compiled once, in a package variable (cel-go's matches
// is Go's regexp, RE2, as here).
func (c *exprCompiler) matches(args []celast.Expr, out *[]jen.Code) (operand, error) {
	if len(args) != 2 || args[1].Kind() != celast.LiteralKind {
		return operand{}, unsupportedf("matches() with a pattern that is not a literal")
	}
	pattern, ok := args[1].AsLiteral().Value().(string)
	if !ok {
		return operand{}, unsupportedf("matches() with a pattern that is not a string")
	}
	if _, err := regexp.Compile(pattern); err != nil {
		return operand{}, unsupportedf("matches() with a pattern Go does not compile: %v", err)
	}
	s, err := c.compile(args[0], out)
	if err != nil {
		return operand{}, err
	}
	if s.kind != kString {
		return operand{}, unsupportedf("matches() on a value that is not a string")
	}
	i := -1
	for j, p := range *c.regexps {
		if p == pattern {
			i = j
		}
	}
	if i < 0 {
		i = len(*c.regexps)
		*c.regexps = append(*c.regexps, pattern)
	}
	return c.combine(out, kBool, jen.Id(c.regexpVar).Index(jen.Lit(i)).Dot("MatchString").Call(s.val), s), nil
}

// stringFunc compiles the functions of cel-go's strings extension that
// the subset has; ok is false for any other function.
func (c *exprCompiler) stringFunc(fn string, ops []operand, out *[]jen.Code) (operand, bool, error) {
	kinds := func(ks ...kind) bool {
		if len(ops) != len(ks) {
			return false
		}
		for i, k := range ks {
			if ops[i].kind != k {
				return false
			}
		}
		return true
	}
	vals := func() []jen.Code {
		v := make([]jen.Code, len(ops))
		for i, o := range ops {
			v[i] = o.val.Clone()
		}
		return v
	}
	switch {
	case (fn == "startsWith" || fn == "endsWith" || fn == "contains") && kinds(kString, kString):
		f := map[string]string{"startsWith": "HasPrefix", "endsWith": "HasSuffix", "contains": "Contains"}[fn]
		return c.combine(out, kBool, jen.Qual("strings", f).Call(vals()...), ops...), true, nil
	case fn == "lowerAscii" && kinds(kString):
		return c.combine(out, kString, jen.Qual(pkgRT, "CELLowerASCII").Call(vals()...), ops...), true, nil
	case fn == "upperAscii" && kinds(kString):
		return c.combine(out, kString, jen.Qual(pkgRT, "CELUpperASCII").Call(vals()...), ops...), true, nil
	case fn == "trim" && kinds(kString):
		return c.combine(out, kString, jen.Qual("strings", "TrimSpace").Call(vals()...), ops...), true, nil
	case fn == "replace" && kinds(kString, kString, kString):
		return c.combine(out, kString, jen.Qual("strings", "ReplaceAll").Call(vals()...), ops...), true, nil
	case fn == "indexOf" && kinds(kString, kString):
		return c.fallible(out, kString, kInt, jen.Qual(pkgRT, "CELIndexOf").Call(append(vals(), jen.Lit(0))...), ops...), true, nil
	case fn == "indexOf" && kinds(kString, kString, kInt):
		return c.fallible(out, kString, kInt, jen.Qual(pkgRT, "CELIndexOf").Call(vals()...), ops...), true, nil
	case fn == "lastIndexOf" && kinds(kString, kString):
		return c.fallible(out, kString, kInt, jen.Qual(pkgRT, "CELLastIndexOf").Call(vals()...), ops...), true, nil
	case fn == "lastIndexOf" && kinds(kString, kString, kInt):
		return c.fallible(out, kString, kInt, jen.Qual(pkgRT, "CELLastIndexOfFrom").Call(vals()...), ops...), true, nil
	case fn == "substring" && kinds(kString, kInt):
		return c.fallible(out, kString, kString, jen.Qual(pkgRT, "CELSubstring").Call(append(vals(), jen.Lit(0), jen.False())...), ops...), true, nil
	case fn == "substring" && kinds(kString, kInt, kInt):
		return c.fallible(out, kString, kString, jen.Qual(pkgRT, "CELSubstring").Call(append(vals(), jen.True())...), ops...), true, nil
	case fn == "split" && kinds(kString, kString):
		// size(s.split(sep)) counts without the list (size()); anything
		// else builds it.
		v, e := c.fresh("v"), c.fresh("e")
		failed := c.firstError(out, e, ops...)
		build := jen.Id(v).Op("=").Qual("strings", "Split").Call(vals()...)
		count := jen.Qual(pkgRT, "CELSplitCount").Call(vals()...)
		res := operand{kind: kList, node: splitNode, err: jen.Id(e), splitCount: count}
		if failed {
			build = jen.If(jen.Id(e).Op("==").Lit("")).Block(build)
		}
		res.build = []jen.Code{jen.Var().Id(v).Index().String(), build}
		res.val = jen.Id(v)
		return res, true, nil
	}
	return operand{}, false, nil
}

// splitNode is the node of a list of strings that split() makes.
var splitNode = &node{kind: kList, elem: &node{kind: kString}, listType: "atomic"}

// fallible is the result of a runtime function that returns a value of
// kind k and an error message, called on ops when none failed.
func (c *exprCompiler) fallible(out *[]jen.Code, _ kind, k kind, call *jen.Statement, ops ...operand) operand {
	v, e := c.fresh("v"), c.fresh("e")
	if !c.canFail(ops...) {
		*out = append(*out, jen.List(jen.Id(v), jen.Id(e)).Op(":=").Add(call))
		return operand{kind: k, val: jen.Id(v), err: jen.Id(e)}
	}
	*out = append(*out, jen.Var().Id(v).Add(k.goType()))
	c.firstError(out, e, ops...)
	*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.List(jen.Id(v), jen.Id(e)).Op("=").Add(call)))
	return operand{kind: k, val: jen.Id(v), err: jen.Id(e)}
}

// equal is the Go condition that a equals b as CEL compares them: scalars
// by value, atomic lists item by item, maps by key, objects property by
// property (the same properties present, with equal values).
func (c *exprCompiler) equal(a, b operand) (*jen.Statement, error) {
	if a.kind == kListLit {
		a, b = b, a
	}
	switch {
	case a.kind != b.kind && !(a.kind == kList && b.kind == kListLit):
		return nil, unsupportedf("== of values of different types")
	case a.kind == kInt || a.kind == kString || a.kind == kBool || a.kind == kDuration || a.kind == kDurationString || a.kind == kTimestamp:
		return jen.Parens(a.val.Clone().Op("==").Add(b.val)), nil
	case a.kind == kList && b.kind == kListLit:
		if a.node == nil || a.node.isMap || a.node.elem == nil || a.node.listType != "atomic" || (len(b.elems) > 0 && a.node.elem.kind != b.elemK) {
			return nil, unsupportedf("== of a list literal and a list that is not an atomic list of its type")
		}
		l := a.val.Clone()
		cond := jen.Len(l.Clone()).Op("==").Lit(len(b.elems))
		for i, el := range b.elems {
			cond = cond.Op("&&").Add(scalar(a.node.elem.kind, l.Clone().Index(jen.Lit(i)))).Op("==").Add(el)
		}
		return jen.Parens(cond), nil
	case a.kind == kList:
		return c.equalLists(a, b, 0)
	case a.kind == kObject:
		return c.equalObjects(a.node, b.node, a.val, b.val, 0)
	}
	return nil, unsupportedf("== of these types")
}

func (c *exprCompiler) equalLists(a, b operand, depth int) (*jen.Statement, error) {
	an, bn := a.node, b.node
	if an == nil || bn == nil || an.elem == nil || bn.elem == nil || an.isMap != bn.isMap || an.elem.kind != bn.elem.kind {
		return nil, unsupportedf("== of lists or maps whose items the subset does not read alike")
	}
	if !an.isMap && (an.listType != "atomic" || bn.listType != "atomic") {
		// CEL compares set and map lists ignoring their order.
		return nil, unsupportedf("== of lists that are not atomic")
	}
	x, y := c.fresh("x"), c.fresh("y")
	itemEq, err := c.equalValues(an.elem, bn.elem, jen.Id(x), jen.Id(y), depth+1)
	if err != nil {
		return nil, err
	}
	var loop jen.Code
	if an.isMap {
		k, ok := c.fresh("k"), c.fresh("ok")
		keyType := c.typeRef(gotype.Resolve(bn.goTyp).Key)
		loop = jen.For(jen.List(jen.Id(k), jen.Id(x)).Op(":=").Range().Add(a.val.Clone())).Block(
			jen.List(jen.Id(y), jen.Id(ok)).Op(":=").Add(b.val.Clone()).Index(keyType.Call(jen.Id(k))),
			jen.List(jen.Id("_"), jen.Id("_")).Op("=").List(jen.Id(x), jen.Id(y)), // (items of no property compare equal unread)
			jen.If(jen.Op("!").Id(ok).Op("||").Op("!").Add(itemEq)).Block(jen.Return(jen.False())),
		)
	} else {
		i := c.fresh("i")
		take := func(l jen.Code, v string) jen.Code {
			if an.elem.kind == kObject {
				return jen.Id(v).Op(":=").Op("&").Add(l).Index(jen.Id(i))
			}
			return jen.Id(v).Op(":=").Add(l).Index(jen.Id(i))
		}
		loop = jen.For(jen.Id(i).Op(":=").Range().Add(a.val.Clone())).Block(
			take(a.val.Clone(), x), take(b.val.Clone(), y),
			jen.List(jen.Id("_"), jen.Id("_")).Op("=").List(jen.Id(x), jen.Id(y)),
			jen.If(jen.Op("!").Add(itemEq)).Block(jen.Return(jen.False())),
		)
	}
	return jen.Func().Params().Bool().Block(
		jen.If(jen.Len(a.val.Clone()).Op("!=").Len(b.val.Clone())).Block(jen.Return(jen.False())),
		loop,
		jen.Return(jen.True()),
	).Call(), nil
}

// equalValues is the condition that x (of node an) equals y (of bn):
// scalars as their Go values (converted to CEL's), objects by
// equalObjects.
func (c *exprCompiler) equalValues(an, bn *node, x, y *jen.Statement, depth int) (*jen.Statement, error) {
	switch an.kind {
	case kInt, kString, kBool:
		return jen.Parens(scalar(an.kind, x).Op("==").Add(scalar(bn.kind, y))), nil
	case kObject:
		return c.equalObjects(an, bn, x, y, depth)
	}
	return nil, unsupportedf("== of lists of lists or maps")
}

// equalObjects is the condition that objects x and y (pointers or
// addressable structs) have the same properties present, with equal
// values.
func (c *exprCompiler) equalObjects(an, bn *node, x, y *jen.Statement, depth int) (*jen.Statement, error) {
	if depth > 8 || an == nil || bn == nil || an.goTyp != bn.goTyp || an.opaque {
		return nil, unsupportedf("== of objects of different types")
	}
	var conds []jen.Code
	for _, n := range sortedKeys(an.props) {
		p, q := an.props[n], bn.props[n]
		if p.presenceWhy != "" || p.node == nil || q == nil || p.member != q.member {
			return nil, unsupportedf("== of objects whose field %s the subset does not read", n)
		}
		if p.def != nil || p.zeroDefault {
			return nil, unsupportedf("== of objects with a defaulted field (%s)", n)
		}
		fx, fy := x.Clone().Dot(p.member), y.Clone().Dot(p.member)
		vx, vy := p.value(fx), p.value(fy)
		var eq *jen.Statement
		var err error
		if p.node.kind == kList {
			eq, err = c.equalLists(operand{kind: kList, node: p.node, val: vx}, operand{kind: kList, node: q.node, val: vy}, depth+1)
		} else {
			eq, err = c.equalValues(p.node, q.node, vx, vy, depth+1)
		}
		if err != nil {
			return nil, err
		}
		px, py := c.present(p, fx), c.present(q, fy)
		if px == nil {
			conds = append(conds, eq)
			continue
		}
		// Both absent, or both present and equal.
		conds = append(conds, jen.Parens(jen.Parens(px.Clone().Op("==").Add(py)).Op("&&").Parens(jen.Op("!").Add(px.Clone()).Op("||").Add(eq))))
	}
	if len(conds) == 0 {
		return jen.True(), nil
	}
	cond := conds[0].(*jen.Statement)
	for _, o := range conds[1:] {
		cond = cond.Clone().Op("&&").Add(o)
	}
	return jen.Parens(cond), nil
}
