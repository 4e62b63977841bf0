package celgo

import (
	"github.com/dave/jennifer/jen"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"

	"github.com/declval/validation-gen/gotype"
)

// Lists, maps and the comprehensions over them.
//
// A list in compiled code is the Go slice (or map) it is read from
// (kList), an array of computed values ([a, b], kListLit) or a list that
// filter() or map() makes from another (kLazy), which is never built: the
// code that consumes it (size(), in, all(), exists(), exists_one(), or
// another filter() or map()) runs the producer's predicate and transform
// in its own loop. So a valid object allocates nothing.
//
// Errors are cel-go's, by its macro expansions (parser.MakeAll and its
// siblings): all() and exists() stop at the first item that decides and
// otherwise give the first item's error; exists_one() and filter() give
// the last error of their predicate (their step is `pred ? accu+… :
// accu`, whose condition's error replaces the accumulator); map() gives
// its transform's first error, and a predicate's error (3-argument form)
// replaces it. A consumer of a made list fails with the list's error
// before its own: the producers' errors, innermost first, override what
// the consumer found.

// lazyList is a list filter() or map() makes: src's items for which
// filter holds, each transformed by xform (nil: the item itself), with
// iter bound to the item, in the scope (locals) where it was made.
type lazyList struct {
	src      operand
	iter     string
	filter   celast.Expr
	xform    celast.Expr
	locals   map[string]operand
	elemK    kind
	elemNode *node
}

// macro is which of CEL's list macros a comprehension expands.
type macro int

const (
	macroAll macro = iota + 1
	macroExists
	macroExistsOne
	macroMap    // also filter(): map with a predicate and the item itself
	macroFilter // filter()
)

// whichMacro recognises the expansion of all(), exists(), exists_one(),
// map() and filter(), returning the predicate (nil for map() without
// one) and transform (nil for the item itself).
func whichMacro(cx celast.ComprehensionExpr) (m macro, pred, xform celast.Expr) {
	if cx.HasIterVar2() {
		return 0, nil, nil
	}
	accu := cx.AccuVar()
	isAccu := func(e celast.Expr) bool { return e.Kind() == celast.IdentKind && e.AsIdent() == accu }
	init, step, res := cx.AccuInit(), cx.LoopStep(), cx.Result()
	if step.Kind() != celast.CallKind {
		return 0, nil, nil
	}
	call := step.AsCall()
	args := call.Args()
	switch init.Kind() {
	case celast.LiteralKind:
		switch v := init.AsLiteral().(type) {
		case types.Bool:
			if !isAccu(res) || len(args) != 2 || !isAccu(args[0]) {
				return 0, nil, nil
			}
			if bool(v) && call.FunctionName() == operators.LogicalAnd {
				return macroAll, args[1], nil
			}
			if !bool(v) && call.FunctionName() == operators.LogicalOr {
				return macroExists, args[1], nil
			}
		case types.Int:
			// pred ? accu + 1 : accu, and accu == 1
			if v != 0 || call.FunctionName() != operators.Conditional || len(args) != 3 || !isAccu(args[2]) {
				return 0, nil, nil
			}
			if args[1].Kind() != celast.CallKind || args[1].AsCall().FunctionName() != operators.Add || !isAccu(args[1].AsCall().Args()[0]) ||
				res.Kind() != celast.CallKind || res.AsCall().FunctionName() != operators.Equals {
				return 0, nil, nil
			}
			return macroExistsOne, args[0], nil
		}
	case celast.ListKind:
		if len(init.AsList().Elements()) != 0 || !isAccu(res) {
			return 0, nil, nil
		}
		// accu + [f], or pred ? accu + [f] : accu
		appendOf := func(e celast.Expr) celast.Expr {
			if e.Kind() != celast.CallKind || e.AsCall().FunctionName() != operators.Add {
				return nil
			}
			a := e.AsCall().Args()
			if len(a) != 2 || !isAccu(a[0]) || a[1].Kind() != celast.ListKind || len(a[1].AsList().Elements()) != 1 {
				return nil
			}
			return a[1].AsList().Elements()[0]
		}
		if f := appendOf(step); f != nil {
			return macroMap, nil, f
		}
		if call.FunctionName() == operators.Conditional && len(args) == 3 && isAccu(args[2]) {
			if f := appendOf(args[1]); f != nil {
				if f.Kind() == celast.IdentKind && f.AsIdent() == cx.IterVar() {
					return macroFilter, args[0], nil
				}
				return macroMap, args[0], f
			}
		}
	}
	return 0, nil, nil
}

// comprehension compiles all(), exists(), exists_one(), filter() and
// map() over a list, a list literal, a made list or a map (its keys).
func (c *exprCompiler) comprehension(cx celast.ComprehensionExpr, out *[]jen.Code) (operand, error) {
	m, pred, xform := whichMacro(cx)
	if m == 0 {
		return operand{}, unsupportedf("a comprehension other than all(), exists(), exists_one(), filter() or map()")
	}
	src, err := c.compile(cx.IterRange(), out)
	if err != nil {
		return operand{}, err
	}
	src = c.built(src, out)
	if err := c.iterable(src); err != nil {
		return operand{}, err
	}
	if m == macroMap || m == macroFilter {
		return c.lazy(src, cx.IterVar(), pred, xform)
	}
	return c.quantifier(m, src, cx.IterVar(), pred, out)
}

// iterable reports why l cannot be iterated, nil when it can.
func (c *exprCompiler) iterable(l operand) error {
	switch l.kind {
	case kList:
		if l.node == nil || (!l.node.isMap && l.node.elem == nil) {
			return unsupportedf("a comprehension over a list whose items the subset does not read")
		}
		if l.node.elem != nil && (l.node.elem.kind == kList || l.node.elem.kind == kTimestamp || l.node.elem.kind == kDurationString) {
			return unsupportedf("a comprehension over a list of lists, maps, timestamps or durations")
		}
		return nil
	case kListLit, kLazy:
		return nil
	}
	return unsupportedf("a comprehension over a value that is not a list or a map")
}

// lazy is the list filter() or map() makes from src.
func (c *exprCompiler) lazy(src operand, iter string, filter, xform celast.Expr) (operand, error) {
	lz := &lazyList{src: src, iter: iter, filter: filter, xform: xform, locals: map[string]operand{}}
	for k, v := range c.locals {
		lz.locals[k] = v
	}
	// The kind of the items it yields: the transform's, compiled once
	// aside (its statements are dropped), else the source's items'.
	item, err := c.itemOf(src)
	if err != nil {
		return operand{}, err
	}
	yield := item
	if xform != nil {
		var scratch []jen.Code
		var y operand
		if err := c.in_(lz.locals, iter, item, func() (err error) {
			y, err = c.compile(xform, &scratch)
			return err
		}); err != nil {
			return operand{}, err
		}
		if y.kind != kInt && y.kind != kString && y.kind != kBool && y.kind != kObject {
			return operand{}, unsupportedf("map() to values that are not scalars or objects")
		}
		yield = y
	}
	lz.elemK, lz.elemNode = yield.kind, yield.node
	return operand{kind: kLazy, lazy: lz, err: src.err}, nil
}

// itemOf is an operand of the kind of l's items, for typing only.
func (c *exprCompiler) itemOf(l operand) (operand, error) {
	switch l.kind {
	case kList:
		if l.node.isMap {
			return operand{kind: kString, val: jen.Lit("")}, nil
		}
		e := l.node.elem
		return operand{kind: e.kind, node: e, val: jen.Id("_")}, nil
	case kListLit:
		return operand{kind: l.elemK, val: jen.Id("_")}, nil
	case kLazy:
		return operand{kind: l.lazy.elemK, node: l.lazy.elemNode, val: jen.Id("_")}, nil
	}
	return operand{}, unsupportedf("items of a value that is not a list")
}

// in_ runs compile with the locals of scope and name bound to v, and
// puts the compiler's own back.
func (c *exprCompiler) in_(scope map[string]operand, name string, v operand, compile func() error) error {
	saved := c.locals
	c.locals = make(map[string]operand, len(scope)+1)
	for k, x := range scope {
		c.locals[k] = x
	}
	c.locals[name] = v
	defer func() { c.locals = saved }()
	return compile()
}

// each writes into out the loop over l's items, whose body is what body
// writes for each item. It returns the error variables of the made lists
// on the way (innermost first): a non-empty one is l's error.
func (c *exprCompiler) each(l operand, out *[]jen.Code, body func(item operand, stmts *[]jen.Code) error) ([]string, error) {
	switch l.kind {
	case kList:
		var stmts []jen.Code
		if l.node.isMap {
			k := c.fresh("k")
			x := c.fresh("x")
			stmts = append(stmts, jen.Id(x).Op(":=").String().Call(jen.Id(k)))
			if err := body(operand{kind: kString, val: jen.Id(x)}, &stmts); err != nil {
				return nil, err
			}
			*out = append(*out, jen.For(jen.Id(k).Op(":=").Range().Add(l.val.Clone())).Block(stmts...))
			return nil, nil
		}
		i, x := c.fresh("i"), c.fresh("x")
		elem := l.node.elem
		var item operand
		switch elem.kind {
		case kObject:
			stmts = append(stmts, jen.Id(x).Op(":=").Op("&").Add(l.val.Clone()).Index(jen.Id(i)))
			item = operand{kind: kObject, val: jen.Id(x), node: elem}
		default:
			stmts = append(stmts, jen.Id(x).Op(":=").Add(scalar(elem.kind, l.val.Clone().Index(jen.Id(i)))))
			item = operand{kind: elem.kind, val: jen.Id(x), node: elem}
		}
		if err := body(item, &stmts); err != nil {
			return nil, err
		}
		*out = append(*out, jen.For(jen.Id(i).Op(":=").Range().Add(l.val.Clone())).Block(stmts...))
		return nil, nil
	case kListLit:
		x := c.fresh("x")
		var stmts []jen.Code
		if err := body(operand{kind: l.elemK, val: jen.Id(x)}, &stmts); err != nil {
			return nil, err
		}
		arr := jen.Index(jen.Op("...")).Add(l.elemK.goType()).Values(l.elems...)
		*out = append(*out, jen.For(jen.List(jen.Id("_"), jen.Id(x)).Op(":=").Range().Add(arr)).Block(stmts...))
		return nil, nil
	case kLazy:
		lz := l.lazy
		pe := c.fresh("e")
		at := len(*out)
		*out = append(*out, jen.Var().Id(pe).String())
		used := false
		inner, err := c.each(lz.src, out, func(item operand, stmts *[]jen.Code) error {
			var then []jen.Code
			yield := item
			if lz.xform != nil {
				if err := c.in_(lz.locals, lz.iter, item, func() (err error) {
					yield, err = c.compile(lz.xform, &then)
					return err
				}); err != nil {
					return err
				}
			}
			// The consumer's body, in the consumer's own scope.
			var inner []jen.Code
			if err := body(yield, &inner); err != nil {
				return err
			}
			if yield.err != nil {
				used = true
				// accu + [f(x)]: the accumulator keeps its first error.
				then = append(then, jen.If(yield.err.Clone().Op("!=").Lit("")).Block(
					jen.If(jen.Id(pe).Op("==").Lit("")).Block(jen.Id(pe).Op("=").Add(yield.err)),
				).Else().Block(inner...))
			} else {
				then = append(then, inner...)
			}
			if lz.filter == nil {
				*stmts = append(*stmts, then...)
				return nil
			}
			var p operand
			if err := c.in_(lz.locals, lz.iter, item, func() (err error) {
				p, err = c.compile(lz.filter, stmts)
				return err
			}); err != nil {
				return err
			}
			if p.kind != kBool {
				return unsupportedf("a predicate that is not a bool")
			}
			if p.err != nil {
				used = true
				// pred ? … : accu: the predicate's error replaces the
				// accumulator.
				*stmts = append(*stmts, jen.If(p.err.Clone().Op("!=").Lit("")).Block(jen.Id(pe).Op("=").Add(p.err)).Else().If(p.val).Block(then...))
			} else {
				*stmts = append(*stmts, jen.If(p.val).Block(then...))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if !used {
			// Nothing of this list can fail: no error to declare.
			*out = append((*out)[:at], (*out)[at+1:]...)
			return inner, nil
		}
		return append(inner, pe), nil
	}
	return nil, unsupportedf("iterating a value that is not a list")
}

// quantifier compiles all(), exists() and exists_one() over src.
func (c *exprCompiler) quantifier(m macro, src operand, iter string, pred celast.Expr, out *[]jen.Code) (operand, error) {
	v, e := c.fresh("v"), c.fresh("e")
	var loop []jen.Code
	outer := c.locals
	var n string
	switch m {
	case macroExistsOne:
		n = c.fresh("n")
		*out = append(*out, jen.Var().Id(n).Int64())
	default:
		*out = append(*out, jen.Id(v).Op(":=").Lit(m == macroAll))
	}
	*out = append(*out, jen.Var().Id(e).String())
	// Over a made list the loop goes on after the consumer decided, for
	// the list's own errors; otherwise it stops there.
	made := src.kind == kLazy
	perrs, err := c.each(src, &loop, func(item operand, stmts *[]jen.Code) error {
		// (The predicate may not read the item.)
		body := []jen.Code{jen.Id("_").Op("=").Add(item.val.Clone())}
		var p operand
		if err := c.in_(outer, iter, item, func() (err error) {
			p, err = c.compile(pred, &body)
			return err
		}); err != nil {
			return err
		}
		if p.kind != kBool {
			return unsupportedf("a predicate that is not a bool")
		}
		if m == macroExistsOne {
			if p.err != nil {
				body = append(body, jen.If(p.err.Clone().Op("!=").Lit("")).Block(jen.Id(e).Op("=").Add(p.err)).Else().If(p.val).Block(jen.Id(n).Op("++")))
			} else {
				body = append(body, jen.If(p.val).Block(jen.Id(n).Op("++")))
			}
			*stmts = append(*stmts, body...)
			return nil
		}
		decides := p.val.Clone()
		if m == macroAll {
			decides = jen.Op("!").Add(p.val.Clone())
		}
		if p.err != nil {
			decides = p.err.Clone().Op("==").Lit("").Op("&&").Add(decides)
		}
		decide := []jen.Code{jen.Id(v).Op("=").Lit(m != macroAll), jen.Id(e).Op("=").Lit("")}
		if !made {
			decide = append(decide, jen.Break())
		}
		body = append(body, jen.If(decides).Block(decide...))
		if p.err != nil {
			body = append(body, jen.If(p.err.Clone().Op("!=").Lit("").Op("&&").Id(e).Op("==").Lit("")).Block(jen.Id(e).Op("=").Add(p.err)))
		}
		if made {
			// Once decided, the consumer looks at no other item.
			body = []jen.Code{jen.If(jen.Id(v).Op("==").Lit(m == macroAll)).Block(body...)}
		}
		*stmts = append(*stmts, body...)
		return nil
	})
	if err != nil {
		return operand{}, err
	}
	consume(out, e, loop, perrs, src)
	if m == macroExistsOne {
		*out = append(*out, jen.Id(v).Op(":=").Id(n).Op("==").Lit(1))
	}
	return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
}

// consume writes a consumer's loop over a list: e is the first error of
// ops (its arguments, the list last) when one failed, else the loop runs;
// then the made lists' errors (perrs, innermost first) override the
// consumer's own.
func consume(out *[]jen.Code, e string, loop []jen.Code, perrs []string, ops ...operand) {
	var errs []*jen.Statement
	for _, o := range ops {
		if o.err != nil {
			errs = append(errs, o.err)
		}
	}
	if len(errs) == 0 {
		*out = append(*out, loop...)
	} else {
		*out = append(*out, firstSet(e, errs).Else().Block(loop...))
	}
	if len(perrs) > 0 {
		ids := make([]*jen.Statement, len(perrs))
		for i, pe := range perrs {
			ids[i] = jen.Id(pe)
		}
		*out = append(*out, firstSet(e, ids))
	}
}

// firstSet is: if x1 != "" { e = x1 } else if x2 != "" { e = x2 } ...
func firstSet(e string, errs []*jen.Statement) *jen.Statement {
	var chain *jen.Statement
	for _, x := range errs {
		cond := x.Clone().Op("!=").Lit("")
		set := jen.Block(jen.Id(e).Op("=").Add(x.Clone()))
		if chain == nil {
			chain = jen.If(cond).Add(set)
		} else {
			chain = chain.Else().If(cond).Add(set)
		}
	}
	return chain
}

// size compiles size() of a list or a map.
func (c *exprCompiler) size(l operand, out *[]jen.Code) (operand, error) {
	switch l.kind {
	case kList:
		if l.splitCount != nil {
			return c.combine(out, kInt, l.splitCount, l), nil
		}
		return c.combine(out, kInt, jen.Int64().Call(jen.Len(l.val)), l), nil
	case kListLit:
		// len of the array (a constant) reads its elements, which may be
		// read nowhere else.
		return c.combine(out, kInt, jen.Int64().Call(jen.Len(jen.Index(jen.Op("...")).Add(l.elemK.goType()).Values(l.elems...))), l), nil
	case kLazy:
		n, e := c.fresh("n"), c.fresh("e")
		*out = append(*out, jen.Var().Id(n).Int64(), jen.Var().Id(e).String())
		var loop []jen.Code
		perrs, err := c.each(l, &loop, func(item operand, stmts *[]jen.Code) error {
			*stmts = append(*stmts, jen.Id("_").Op("=").Add(item.val.Clone()), jen.Id(n).Op("++"))
			return nil
		})
		if err != nil {
			return operand{}, err
		}
		consume(out, e, loop, perrs, l)
		return operand{kind: kInt, val: jen.Id(n), err: jen.Id(e)}, nil
	}
	return operand{}, unsupportedf("size of this type")
}

// in compiles a in l: a list's item equal to a, or a map's key.
func (c *exprCompiler) in(a, l operand, out *[]jen.Code) (operand, error) {
	if a.kind != kInt && a.kind != kString && a.kind != kBool {
		return operand{}, unsupportedf("in of a value that is not a scalar")
	}
	switch l.kind {
	case kListLit:
		if len(l.elems) > 0 && l.elemK != a.kind {
			return operand{}, unsupportedf("in over a list of another type")
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
		return c.combine(out, kBool, jen.Parens(cond), a, l), nil
	case kList:
		if l.node.isMap {
			if a.kind != kString {
				return operand{}, unsupportedf("in over a map with a key that is not a string")
			}
			return c.mapHasKey(l, a, out), nil
		}
	case kLazy:
	default:
		return operand{}, unsupportedf("in over a value that is not a list")
	}
	if err := c.iterable(l); err != nil {
		return operand{}, err
	}
	item, err := c.itemOf(l)
	if err != nil {
		return operand{}, err
	}
	if item.kind != a.kind {
		return operand{}, unsupportedf("in over a list of another type")
	}
	v, e := c.fresh("v"), c.fresh("e")
	*out = append(*out, jen.Var().Id(v).Bool(), jen.Var().Id(e).String())
	var loop []jen.Code
	perrs, err := c.each(l, &loop, func(x operand, stmts *[]jen.Code) error {
		*stmts = append(*stmts, jen.If(x.val.Clone().Op("==").Add(a.val)).Block(jen.Id(v).Op("=").True()))
		return nil
	})
	if err != nil {
		return operand{}, err
	}
	consume(out, e, loop, perrs, a, l)
	return operand{kind: kBool, val: jen.Id(v), err: jen.Id(e)}, nil
}

// index compiles l[i] of a list and m[k] of a map.
func (c *exprCompiler) index(l, i operand, out *[]jen.Code) (operand, error) {
	if l.kind != kList || l.node == nil || l.node.elem == nil {
		return operand{}, unsupportedf("indexing a value whose items the subset does not read")
	}
	if l.node.isMap {
		if i.kind != kString {
			return operand{}, unsupportedf("a map key that is not a string")
		}
		return c.mapIndex(l, i, out)
	}
	if i.kind != kInt {
		return operand{}, unsupportedf("a list index that is not an int")
	}
	elem := l.node.elem
	if elem.kind == kTimestamp || elem.kind == kDurationString {
		return operand{}, unsupportedf("indexing a list of timestamps or durations")
	}
	v, e := c.fresh("v"), c.fresh("e")
	typ := elem.kind.goType()
	get := scalar(elem.kind, l.val.Clone().Index(i.val.Clone()))
	if elem.kind == kObject {
		typ = jen.Op("*").Add(c.typeRef(elem.goTyp))
		get = jen.Op("&").Add(l.val.Clone()).Index(i.val.Clone())
	}
	if typ == nil {
		return operand{}, unsupportedf("indexing a list of lists or maps")
	}
	*out = append(*out, jen.Var().Id(v).Add(typ))
	first := c.firstError(out, e, l, i)
	at := []jen.Code{
		jen.If(jen.Id(e).Op("=").Qual(pkgRT, "CELIndex").Call(jen.Len(l.val.Clone()), i.val.Clone()), jen.Id(e).Op("==").Lit("")).Block(jen.Id(v).Op("=").Add(get)),
	}
	if first {
		*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(at...))
	} else {
		*out = append(*out, at...)
	}
	return operand{kind: elem.kind, node: elem, val: jen.Id(v), err: jen.Id(e)}, nil
}

// firstError declares e, the first error of ops, and reports whether any
// can fail (else e is declared empty).
func (c *exprCompiler) firstError(out *[]jen.Code, e string, ops ...operand) bool {
	var errs []*jen.Statement
	for _, o := range ops {
		if o.err != nil {
			errs = append(errs, o.err)
		}
	}
	if len(errs) == 0 {
		*out = append(*out, jen.Var().Id(e).String())
		return false
	}
	*out = append(*out, jen.Id(e).Op(":=").Add(errs[0]))
	for _, other := range errs[1:] {
		*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.Id(e).Op("=").Add(other)))
	}
	return true
}

// mapIndex compiles m[k] (and m.k): "no such key: k" when absent.
func (c *exprCompiler) mapIndex(m, k operand, out *[]jen.Code) (operand, error) {
	elem := m.node.elem
	if elem == nil || elem.kind == kTimestamp || elem.kind == kDurationString {
		return operand{}, unsupportedf("a map whose values the subset does not read")
	}
	typ := elem.kind.goType()
	if elem.kind == kObject {
		typ = jen.Op("*").Add(c.typeRef(elem.goTyp))
	}
	if typ == nil {
		return operand{}, unsupportedf("a map of lists or maps")
	}
	v, e, x, ok := c.fresh("v"), c.fresh("e"), c.fresh("x"), c.fresh("ok")
	*out = append(*out, jen.Var().Id(v).Add(typ))
	first := c.firstError(out, e, m, k)
	keyType := c.typeRef(gotype.Resolve(m.node.goTyp).Key)
	get := scalar(elem.kind, jen.Id(x))
	if elem.kind == kObject {
		get = jen.Op("&").Id(x)
	}
	look := jen.If(jen.List(jen.Id(x), jen.Id(ok)).Op(":=").Add(m.val.Clone()).Index(keyType.Call(k.val.Clone())), jen.Id(ok)).Block(
		jen.Id(v).Op("=").Add(get),
	).Else().Block(jen.Id(e).Op("=").Lit("no such key: ").Op("+").Add(k.val.Clone()))
	if first {
		*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(look))
	} else {
		*out = append(*out, look)
	}
	return operand{kind: elem.kind, node: elem, val: jen.Id(v), err: jen.Id(e)}, nil
}

// mapHasKey is whether map m has key k.
func (c *exprCompiler) mapHasKey(m, k operand, out *[]jen.Code) operand {
	ok := c.fresh("ok")
	keyType := c.typeRef(gotype.Resolve(m.node.goTyp).Key)
	if m.err == nil && k.err == nil {
		*out = append(*out, jen.List(jen.Id("_"), jen.Id(ok)).Op(":=").Add(m.val.Clone()).Index(keyType.Call(k.val.Clone())))
		return operand{kind: kBool, val: jen.Id(ok)}
	}
	e := c.fresh("e")
	*out = append(*out, jen.Var().Id(ok).Bool())
	c.firstError(out, e, m, k)
	*out = append(*out, jen.If(jen.Id(e).Op("==").Lit("")).Block(jen.List(jen.Id("_"), jen.Id(ok)).Op("=").Add(m.val.Clone()).Index(keyType.Call(k.val.Clone()))))
	return operand{kind: kBool, val: jen.Id(ok), err: jen.Id(e)}
}
