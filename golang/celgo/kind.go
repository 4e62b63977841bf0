package celgo

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/schemakey"
	"github.com/declval/validation-gen/gotype"
)

// The CEL rules of a whole kind, where a rule can be on any node of the
// kind's schema (controller-gen's dialect: the CRD is the schema): the
// generated code walks the Go object along the schema's nodes that hold
// rules, with the old object correlated as the server correlates it
// (properties and map values by key, list-map items by their keys, no
// item of another list), and evaluates each rule compiled to Go where it
// falls in the subset. Every other rule stays with the server's
// interpreter, on the kind's schema without the compiled rules
// (KindCompiled.Interpreted).
//
// A failed rule that does not read oldSelf is ratcheted as the server
// ratchets it: by the server's own correlation of the new object with
// the old (runtime/celrules.Ratchet, asked on the failure path only),
// which finds the rule's value, or its nearest correlatable ancestor,
// unchanged.

// Kind is a kind whose rules CompileKind compiles.
type Kind struct {
	Go *types.Type
	// Schema is the kind's schema, rules included.
	Schema *apiextv1.JSONSchemaProps
	// Item, when set, is the type's schema below list items and map
	// values (where the CRD defaults its non-pointer fields), for a value
	// that can be there: the generated code asks its path which holds.
	Item *apiextv1.JSONSchemaProps
	// NotResource: Go is not a kind (its root has no metadata).
	NotResource bool
	// TypeRef renders a Go type in the generated file.
	TypeRef func(*types.Type) *jen.Statement
	// Name gives a name no other declaration of the file has, from a
	// prefix.
	Name func(prefix string) string
	// RatchetVar names the *celrules.Rules of the kind's rule schema the
	// ratcheting converts objects with (declared by the caller when
	// KindCompiled.UsesRatchet).
	RatchetVar string
	// RegexpVar names the array of compiled matches() patterns.
	RegexpVar string
}

// KindCompiled is what CompileKind made.
type KindCompiled struct {
	// Func names the function that evaluates the compiled rules:
	//
	//	func(op operation.Operation, rt *celrules.Ratchet, p *runtime.Path, obj, oldObj *Kind) field.ErrorList
	//
	// "" when no rule was compiled; Decls declares it and its helpers.
	Func  string
	Decls []jen.Code
	// Interpreted is the kind's schema with only the rules not
	// compiled, nil when every rule was (InterpretedItem: the same of
	// Kind.Item); CompiledOnly the kind's schema with only the rules
	// compiled (what the differential test gives the server's validator).
	Interpreted, InterpretedItem, CompiledOnly *apiextv1.JSONSchemaProps
	// Why says, for each rule left to the interpreter, why.
	Why []string
	// Compiled counts the rules compiled; Total all the kind's rules.
	Compiled, Total int
	// UsesRatchet: the functions ask RatchetVar's correlation.
	UsesRatchet bool
	Regexps     []string
	Strings     []string
	Ints        []int64
}

// kindCompiler walks a kind's schema with its Go types.
type kindCompiler struct {
	k     Kind
	out   *KindCompiled
	vars  int
	lits  *literals
	uses  *uses // of the function being written
	fns   map[string]*kindFn
	queue []*kindFn
}

// kindFn is the function that evaluates the rules at and below a struct
// type's schema node.
type kindFn struct {
	name string
	t    *types.Type
	// s is its node's schema, si the node's below list items (nil where
	// it is not told apart).
	s, si  *apiextv1.JSONSchemaProps
	isRoot bool
	// rules are the rules it compiled, by path relative to its node;
	// calls the functions it calls, by the path of their node.
	rules map[string][]int
	calls []kindCall
}

type kindCall struct {
	fn  *kindFn
	rel string
}

// CompileKind compiles the rules of a kind.
func CompileKind(k Kind) (*KindCompiled, error) {
	kc := &kindCompiler{k: k, out: &KindCompiled{}, lits: &literals{}, fns: map[string]*kindFn{}}
	kc.out.Total = countRules(k.Schema)
	if kc.out.Total == 0 {
		return kc.out, nil
	}
	root := kc.structFn(k.Go, k.Schema, k.Item, !k.NotResource)
	for len(kc.queue) > 0 {
		fn := kc.queue[0]
		kc.queue = kc.queue[1:]
		if err := kc.write(fn); err != nil {
			return nil, err
		}
	}
	compiled := map[string]map[int]bool{}
	var mark func(fn *kindFn, at string, depth int)
	mark = func(fn *kindFn, at string, depth int) {
		if depth > 64 {
			return
		}
		for rel, idx := range fn.rules {
			p := at + rel
			if compiled[p] == nil {
				compiled[p] = map[int]bool{}
			}
			for _, i := range idx {
				compiled[p][i] = true
			}
		}
		for _, c := range fn.calls {
			mark(c.fn, at+c.rel, depth+1)
		}
	}
	mark(root, "", 0)
	for _, m := range compiled {
		kc.out.Compiled += len(m)
	}
	if kc.out.Compiled > 0 {
		kc.out.Func = root.name
	} else {
		kc.out.Decls = nil
	}
	if kc.out.Compiled < kc.out.Total {
		rest := k.Schema.DeepCopy()
		keepRules(rest, compiled, false)
		kc.out.Interpreted = rest
		if k.Item != nil {
			// The same nodes hold the same rules below items.
			rest := k.Item.DeepCopy()
			keepRules(rest, compiled, false)
			kc.out.InterpretedItem = rest
		}
	}
	if kc.out.Compiled > 0 {
		only := k.Schema.DeepCopy()
		keepRules(only, compiled, true)
		kc.out.CompiledOnly = only
	}
	kc.out.Regexps = kc.out.Regexps[:len(kc.out.Regexps):len(kc.out.Regexps)]
	kc.out.Strings, kc.out.Ints = kc.lits.strings, kc.lits.ints
	return kc.out, nil
}

// countRules counts the rules of s and below. It only reads s (the
// kind's schema, which the CRDs read at the same time): eachSchema writes
// each property back.
func countRules(s *apiextv1.JSONSchemaProps) int {
	n := len(s.XValidations)
	for _, p := range s.Properties {
		n += countRules(&p)
	}
	if s.Items != nil && s.Items.Schema != nil {
		n += countRules(s.Items.Schema)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		n += countRules(s.AdditionalProperties.Schema)
	}
	return n
}

// eachSchema calls fn on s and every node below it, with its path; fn may
// edit a node (a property is written back).
func eachSchema(s *apiextv1.JSONSchemaProps, at string, fn func(string, *apiextv1.JSONSchemaProps)) {
	fn(at, s)
	for _, n := range sortedKeys(s.Properties) {
		p := s.Properties[n]
		eachSchema(&p, at+propPath(n), fn)
		s.Properties[n] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		eachSchema(s.Items.Schema, at+itemsPath, fn)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		eachSchema(s.AdditionalProperties.Schema, at+valuesPath, fn)
	}
}

const (
	itemsPath  = "/items"
	valuesPath = "/additionalProperties"
)

func propPath(name string) string { return "/properties/" + name }

// keepRules keeps in s the rules compiled (wantCompiled) or those not.
func keepRules(s *apiextv1.JSONSchemaProps, compiled map[string]map[int]bool, wantCompiled bool) {
	eachSchema(s, "", func(p string, x *apiextv1.JSONSchemaProps) {
		var keep []apiextv1.ValidationRule
		for i, r := range x.XValidations {
			if compiled[p][i] == wantCompiled {
				keep = append(keep, r)
			}
		}
		x.XValidations = keep
	})
}

// hasRules reports whether s or a node below it has rules.
func hasRules(s *apiextv1.JSONSchemaProps) bool { return countRules(s) > 0 }

// structFn is the function of struct type t at node s, queued on first
// use.
func (kc *kindCompiler) structFn(t *types.Type, s, si *apiextv1.JSONSchemaProps, isRoot bool) *kindFn {
	key := fmt.Sprintf("%s\x00%v\x00%s\x00%s", t.Name.String(), isRoot, schemakey.Of(s), schemakey.Of(si))
	if fn, ok := kc.fns[key]; ok {
		return fn
	}
	base := t.Name.Name
	if !token.IsIdentifier(base) {
		base = map[types.Kind]string{types.Slice: "list", types.Map: "map"}[t.Kind]
	}
	fn := &kindFn{name: kc.k.Name("celKind_" + base), t: t, s: s, si: si, isRoot: isRoot, rules: map[string][]int{}}
	kc.fns[key] = fn
	kc.queue = append(kc.queue, fn)
	return fn
}

// why records why a rule of fn's node (or below it, at rel) is left to
// the interpreter.
func (kc *kindCompiler) why(fn *kindFn, rel, rule, reason string) {
	kc.out.Why = append(kc.out.Why, fmt.Sprintf("on %s%s: rule %q: %s", fn.t.Name.Name, displayPath(rel), oneLine(rule), reason))
}

// displayPath is a schema path as JSON's: .spec.items[*].name.
func displayPath(at string) string {
	r := strings.NewReplacer("/properties/", ".", itemsPath, "[*]", valuesPath, "[*]")
	return r.Replace(at)
}

// write writes the function of fn.
func (kc *kindCompiler) write(fn *kindFn) error {
	kc.uses = &uses{}
	var n *node
	var why string
	if fn.isRoot {
		n, why = rootNode(fn.t, fn.s, fn.si)
	} else {
		n, why = bind(fn.t, fn.s, fn.si, 0)
	}
	var body []jen.Code
	hasOld := func() *jen.Statement { return jen.Parens(jen.Id("oldObj").Op("!=").Nil()) }
	switch {
	case n != nil && n.kind == kObject:
		self := operand{kind: kObject, val: jen.Id("obj"), node: n}
		old := operand{kind: kObject, val: jen.Id("oldObj"), node: n}
		own, err := kc.rules(fn, "", fn.s, fn.isRoot, self, old, hasOld, "p")
		if err != nil {
			return err
		}
		body = append(body, own...)
		below, err := kc.props(fn, "", fn.s, fn.si, n, jen.Id("obj"), jen.Id("oldObj"), "p")
		if err != nil {
			return err
		}
		body = append(body, below...)
	case n != nil && n.kind == kList && !fn.isRoot:
		// A list or a map at the root (an unchanged field's value): its
		// rules, and its items'.
		val, oval := jen.Parens(jen.Op("*").Id("obj")), jen.Parens(jen.Op("*").Id("oldObj"))
		self := operand{kind: kList, val: val, node: n}
		old := operand{kind: kList, val: oval, node: n}
		own, err := kc.rules(fn, "", fn.s, false, self, old, hasOld, "p")
		if err != nil {
			return err
		}
		body = append(body, own...)
		below, err := kc.items(fn, "", fn.s, n, val, oval, hasOld, "p")
		if err != nil {
			return err
		}
		body = append(body, below...)
	default:
		if why == "" {
			why = "not a struct, a list or a map"
		}
		// Its rules stay with the interpreter; the function, which a caller
		// may already name, does nothing.
		kc.interpretAll(fn, fn.s, "", why)
	}
	pre := []jen.Code{jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil()))}
	if kc.uses.update {
		pre = append(pre, jen.Id("update").Op(":=").Id("op").Dot("Type").Op("==").Qual("k8s.io/apimachinery/pkg/api/operation", "Update"))
	}
	if kc.uses.inItem {
		// (A rule that asked for it may have been left to the interpreter.)
		pre = append(pre, jen.Id("inItem").Op(":=").Id("p").Dot("InItem").Call(), jen.Id("_").Op("=").Id("inItem"))
	}
	body = append(append(pre, body...), jen.Return())
	kc.out.Decls = append(kc.out.Decls,
		jen.Commentf("%s evaluates the CEL rules at and below a %s, compiled to Go; oldObj is its", fn.name, fn.t.Name.Name),
		jen.Comment("old value as the API server correlates it (nil for none)."),
		jen.Func().Id(fn.name).Params(jen.Id("op").Qual("k8s.io/apimachinery/pkg/api/operation", "Operation"), jen.Id("rt").Op("*").Qual(PkgCELRules, "Ratchet"),
			jen.Id("p").Op("*").Qual(pkgRT, "Path"), jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(kc.k.TypeRef(fn.t))).Params(jen.Id("errs").Qual("k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")).Block(body...),
		jen.Line())
	return nil
}

// interpretAll leaves every rule of s and below (at path at) to the
// interpreter.
func (kc *kindCompiler) interpretAll(fn *kindFn, s *apiextv1.JSONSchemaProps, at, why string) {
	eachSchema(s.DeepCopy(), at, func(p string, x *apiextv1.JSONSchemaProps) {
		for _, r := range x.XValidations {
			kc.why(fn, p, r.Rule, why)
		}
	})
}

// rules compiles the rules of node s (at rel in fn) on self, each on its
// own: one outside the subset is left to the interpreter.
func (kc *kindCompiler) rules(fn *kindFn, rel string, s *apiextv1.JSONSchemaProps, isRoot bool, self, old operand, hasOld func() *jen.Statement, fp string) ([]jen.Code, error) {
	if len(s.XValidations) == 0 {
		return nil, nil
	}
	env, optEnv, st, err := envFor(s, isRoot, s.XValidations)
	if err != nil {
		if _, ok := err.(unsupported); ok {
			for _, r := range s.XValidations {
				kc.why(fn, rel, r.Rule, err.Error())
			}
			return nil, nil
		}
		return nil, err
	}
	path := jen.Op("&").Id(fp)
	if fp == "p" {
		path = jen.Id("p")
	}
	unchanged := func() *jen.Statement {
		kc.out.UsesRatchet = true
		return jen.Id("rt").Dot("Unchanged").Call(path.Clone())
	}
	var code []jen.Code
	for i, r := range s.XValidations {
		e := env
		if isOptionalOldSelf(r) {
			e = optEnv
		}
		vars := kc.vars
		nRegexps := len(kc.out.Regexps)
		lits := *kc.lits
		selfCopy := self
		c := &exprCompiler{vars: &vars, self: &selfCopy, lits: kc.lits, typeRef: kc.k.TypeRef, uses: kc.uses, regexps: &kc.out.Regexps, regexpVar: kc.k.RegexpVar}
		rc, err := compileRule(e, env, st, r, c, old, hasOld, unchanged, fp)
		if err != nil {
			if _, ok := err.(unsupported); ok {
				kc.why(fn, rel, r.Rule, err.Error())
				kc.out.Regexps = kc.out.Regexps[:nRegexps]
				*kc.lits = lits
				continue
			}
			return nil, fmt.Errorf("rule %q on %s%s: %w", r.Rule, fn.t.Name.Name, displayPath(rel), err)
		}
		kc.vars = vars
		fn.rules[rel] = append(fn.rules[rel], i)
		code = append(code, rc...)
	}
	return code, nil
}

// props adds the code of the rules below the object obj (of node n, at
// rel in fn, its path in the variable pv): its properties', in name
// order, where present.
func (kc *kindCompiler) props(fn *kindFn, rel string, s, si *apiextv1.JSONSchemaProps, n *node, obj, oldObj *jen.Statement, pv string) ([]jen.Code, error) {
	var out []jen.Code
	for _, name := range sortedKeys(s.Properties) {
		ps := s.Properties[name]
		at := rel + propPath(name)
		if !hasRules(&ps) {
			continue
		}
		p := n.props[name]
		switch {
		case p == nil:
			kc.interpretAll(fn, &ps, at, "not a field of the Go type")
			continue
		case p.presenceWhy != "":
			kc.interpretAll(fn, &ps, at, p.presenceWhy)
			continue
		case p.node == nil:
			kc.interpretAll(fn, &ps, at, p.why)
			continue
		case p.node.kind == kTimestamp:
			kc.interpretAll(fn, &ps, at, "rules on a timestamp")
			continue
		}
		c := &exprCompiler{vars: &kc.vars, uses: kc.uses}
		f, of := obj.Clone().Dot(p.member), oldObj.Clone().Dot(p.member)
		present, oldPresent := c.present(p, f), c.present(p, of)
		fp := kc.fresh("fp")
		ov := kc.fresh("ov")
		// The old value: the old object's property, when both are there.
		hasOld := func() *jen.Statement { return jen.Parens(jen.Id(ov).Op("!=").Nil()) }
		oldAt := oldObj.Clone().Op("!=").Nil()
		if oldPresent != nil {
			oldAt = oldAt.Op("&&").Add(oldPresent)
		}
		var code []jen.Code
		switch p.node.kind {
		case kObject:
			ptr := f.Clone()
			optr := of.Clone()
			if !p.isPtr {
				ptr, optr = jen.Op("&").Add(ptr), jen.Op("&").Add(optr)
			}
			typ := kc.k.TypeRef(p.node.goTyp)
			code = append(code, jen.Var().Id(ov).Op("*").Add(typ.Clone()),
				jen.If(oldAt).Block(jen.Id(ov).Op("=").Add(optr)))
			if p.zeroDefault {
				// Absent, it is {} with its properties' defaults: the zero
				// value, to the server.
				v := kc.fresh("v")
				code = append(code, jen.Id(v).Op(":=").Add(ptr), jen.If(jen.Id(v).Op("==").Nil()).Block(jen.Id(v).Op("=").Op("&").Add(typ.Clone()).Values()),
					jen.If(oldObj.Clone().Op("!=").Nil().Op("&&").Id(ov).Op("==").Nil()).Block(jen.Id(ov).Op("=").Op("&").Add(typ.Clone()).Values()))
				ptr = jen.Id(v)
			}
			var psi *apiextv1.JSONSchemaProps
			if si != nil {
				if x, ok := si.Properties[name]; ok {
					psi = &x
				}
			}
			call := kc.structFn(gotype.Deref(p.ft), &ps, psi, false)
			fn.calls = append(fn.calls, kindCall{fn: call, rel: at})
			code = append(code, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(call.name).Call(jen.Id("op"), jen.Id("rt"), jen.Op("&").Id(fp), ptr, jen.Id(ov)).Op("...")))
		default:
			val, oval, decl := kc.valueOf(p, f, of, ov, oldAt)
			code = append(code, decl...)
			self := operand{kind: p.node.kind, val: val, node: p.node}
			oldOp := operand{kind: p.node.kind, val: oval, node: p.node}
			rs, err := kc.rules(fn, at, &ps, false, self, oldOp, hasOld, fp)
			if err != nil {
				return nil, err
			}
			var below []jen.Code
			if p.node.kind == kList {
				if below, err = kc.items(fn, at, &ps, p.node, val, oval, hasOld, fp); err != nil {
					return nil, err
				}
			}
			if len(rs) == 0 && len(below) == 0 {
				continue // every rule here left to the interpreter
			}
			code = append(append(code, rs...), below...)
		}
		block := append([]jen.Code{jen.Id(fp).Op(":=").Id(pv).Dot("Child").Call(jen.Lit(name))}, code...)
		out = append(out, jen.Commentf("the rules at %s", name))
		if present != nil {
			out = append(out, jen.If(present).Block(block...))
		} else {
			out = append(out, jen.Block(block...))
		}
	}
	return out, nil
}

// valueOf declares the value of a scalar, list or map property (its
// default where Go's JSON leaves it out) and its old value (valid when
// ov's flag, a non-nil pointer ov, is set).
func (kc *kindCompiler) valueOf(p *prop, f, of *jen.Statement, ov string, oldAt *jen.Statement) (val, oval *jen.Statement, decl []jen.Code) {
	typ := p.node.kind.goType()
	if p.node.kind == kList {
		typ = kc.k.TypeRef(p.node.goTyp)
	}
	v, o := kc.fresh("v"), kc.fresh("o")
	get := func(x *jen.Statement) *jen.Statement {
		if p.node.kind == kList {
			if p.isPtr {
				return jen.Op("*").Add(x.Clone())
			}
			return x.Clone()
		}
		return p.value(x)
	}
	if p.def != nil {
		decl = append(decl, jen.Id(v).Op(":=").Add(typ.Clone()).Call(p.def), jen.If(jen.Op("!").Parens(p.absent(f))).Block(jen.Id(v).Op("=").Add(get(f))))
	} else {
		decl = append(decl, jen.Id(v).Op(":=").Add(get(f)))
	}
	// ov points at the old value when there is one.
	decl = append(decl, jen.Var().Id(o).Add(typ.Clone()), jen.Var().Id(ov).Op("*").Add(typ.Clone()))
	oldGet := []jen.Code{jen.Id(o).Op("=").Add(get(of))}
	if p.def != nil {
		oldGet = []jen.Code{jen.Id(o).Op("=").Add(typ.Clone()).Call(p.def), jen.If(jen.Op("!").Parens(p.absent(of))).Block(jen.Id(o).Op("=").Add(get(of)))}
	}
	decl = append(decl, jen.If(oldAt).Block(append(oldGet, jen.Id(ov).Op("=").Op("&").Id(o))...), jen.Id("_").Op("=").Id(ov))
	return jen.Id(v), jen.Id(o), decl
}

// items adds the code of the rules below a list or a map (the value val
// of node n, at rel; its old value oval where hasOld holds): its items',
// correlated with the old list's as the server correlates them (list-map
// items by their keys, map values by key, no other list's).
func (kc *kindCompiler) items(fn *kindFn, rel string, s *apiextv1.JSONSchemaProps, n *node, val, oval *jen.Statement, hasOld func() *jen.Statement, pv string) ([]jen.Code, error) {
	var is *apiextv1.JSONSchemaProps
	at := rel + itemsPath
	if n.isMap {
		at = rel + valuesPath
		if s.AdditionalProperties != nil {
			is = s.AdditionalProperties.Schema
		}
	} else if s.Items != nil {
		is = s.Items.Schema
	}
	if is == nil || !hasRules(is) {
		return nil, nil
	}
	if n.elem == nil {
		kc.interpretAll(fn, is, at, "items the subset does not read")
		return nil, nil
	}
	elem := n.elem
	ip, oi := kc.fresh("ip"), kc.fresh("oi")
	var head []jen.Code
	var itemPtr jen.Code
	var k, i string
	if n.isMap {
		k = kc.fresh("k")
		x := kc.fresh("x")
		head = append(head, jen.Id(x).Op(":=").Add(val.Clone()).Index(jen.Id(k)), jen.Id(ip).Op(":=").Id(pv).Dot("Key").Call(jen.String().Call(jen.Id(k))))
		// The old map's value of the same key (a copy, as the new one).
		head = append(head, jen.Var().Id(oi).Op("*").Add(kc.k.TypeRef(elem.goTyp)))
		head = append(head, jen.If(hasOld()).Block(jen.If(jen.List(jen.Id("y"), jen.Id("ok")).Op(":=").Add(oval.Clone()).Index(jen.Id(k)), jen.Id("ok")).Block(jen.Id(oi).Op("=").Op("&").Id("y"))))
		itemPtr = jen.Op("&").Id(x)
	} else {
		i = kc.fresh("i")
		head = append(head, jen.Id(ip).Op(":=").Id(pv).Dot("Index").Call(jen.Id(i)))
		head = append(head, jen.Var().Id(oi).Op("*").Add(kc.k.TypeRef(elem.goTyp)))
		if n.listType == "map" && len(s.XListMapKeys) > 0 && elem.kind == kObject {
			args := []jen.Code{jen.Op("&").Add(oval.Clone()), jen.Op("&").Add(val.Clone()).Index(jen.Id(i))}
			for _, key := range s.XListMapKeys {
				def := false
				if p, ok := is.Properties[key]; ok {
					def = p.Default != nil
				}
				args = append(args, jen.Qual(pkgRT, "Key").Values(jen.Dict{jen.Id("Name"): jen.Lit(key), jen.Id("Defaulted"): jen.Lit(def)}))
			}
			head = append(head, jen.If(hasOld()).Block(jen.Id(oi).Op("=").Qual(pkgRT, "OldListMapItem").Call(args...)))
		}
		itemPtr = jen.Op("&").Add(val.Clone()).Index(jen.Id(i))
	}
	head = append(head, jen.Id("_").Op("=").Id(oi))
	itemHasOld := func() *jen.Statement { return jen.Parens(jen.Id(oi).Op("!=").Nil()) }
	var code []jen.Code
	switch elem.kind {
	case kObject:
		// (Below items, the items' own schema is the one with defaults.)
		call := kc.structFn(elem.goTyp, is, nil, false)
		fn.calls = append(fn.calls, kindCall{fn: call, rel: at})
		code = append(code, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(call.name).Call(jen.Id("op"), jen.Id("rt"), jen.Op("&").Id(ip), itemPtr, jen.Id(oi)).Op("...")))
	case kInt, kString, kBool:
		x := kc.fresh("x")
		code = append(code, jen.Id(x).Op(":=").Add(scalar(elem.kind, jen.Op("*").Parens(itemPtr))))
		self := operand{kind: elem.kind, val: jen.Id(x), node: elem}
		old := operand{kind: elem.kind, val: scalar(elem.kind, jen.Op("*").Id(oi)), node: elem}
		rs, err := kc.rules(fn, at, is, false, self, old, itemHasOld, ip)
		if err != nil {
			return nil, err
		}
		if len(rs) == 0 {
			return nil, nil
		}
		code = append(code, rs...)
	default:
		kc.interpretAll(fn, is, at, "a list of lists or maps")
		return nil, nil
	}
	body := append(head, code...)
	if !n.isMap {
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(val.Clone())).Block(body...)}, nil
	}
	// A map's values in its own order, which allocates nothing; when they
	// have errors, again in the order of their keys, so that the errors
	// come in the same order every time.
	each, cnt := kc.fresh("each"), kc.fresh("n")
	keyType := kc.k.TypeRef(gotype.Resolve(n.goTyp).Key)
	return []jen.Code{jen.Block(
		jen.Id(each).Op(":=").Func().Params(jen.Id(k).Add(keyType)).Block(body...),
		jen.Id(cnt).Op(":=").Len(jen.Id("errs")),
		jen.For(jen.Id(k).Op(":=").Range().Add(val.Clone())).Block(jen.Id(each).Call(jen.Id(k))),
		jen.If(jen.Len(jen.Id("errs")).Op(">").Id(cnt).Op("&&").Len(val.Clone()).Op(">").Lit(1)).Block(
			jen.Id("errs").Op("=").Id("errs").Index(jen.Empty(), jen.Id(cnt)),
			jen.For(jen.List(jen.Id("_"), jen.Id(k)).Op(":=").Range().Qual("slices", "Sorted").Call(jen.Qual("maps", "Keys").Call(val.Clone()))).Block(jen.Id(each).Call(jen.Id(k))),
		),
	)}, nil
}

func (kc *kindCompiler) fresh(prefix string) string {
	kc.vars++
	return localName(prefix, kc.vars)
}

// UnchangedCompiled is the code of the transition rules held by an
// unchanged value (Unchanged): the function of those compiled (Func, ""
// for none), the Rules of the others for the server's validator (Rules,
// "" for none), and their declarations.
type UnchangedCompiled struct {
	Func, Rules string
	Decls       []jen.Code
}

// Unchanged compiles the transition rules held by a value of type k.Go
// (k.Schema, and k.Item below list items: schemas with only those rules),
// which the server evaluates also on an update that left the value as it
// was, where the generated validation of the value does not run.
func Unchanged(k Kind) *UnchangedCompiled {
	k.RegexpVar = k.Name("celRegexps_unchanged")
	u := &UnchangedCompiled{}
	rest, restItem := k.Schema, k.Item
	if c, err := CompileKind(k); err == nil && c.Func != "" && !c.UsesRatchet {
		// (Transition rules are never ratcheted: the function is given no
		// Ratchet.)
		u.Func, u.Decls = c.Func, append(RegexpDecls(k.RegexpVar, c.Func, c.Regexps), c.Decls...)
		rest, restItem = c.Interpreted, c.InterpretedItem
	}
	if rest != nil {
		u.Rules = k.Name("celTransitions")
		u.Decls = append(u.Decls,
			jen.Commentf("%s are the transition rules held by a value of type %s that are not compiled to Go, which the API server evaluates also when the value did not change.", u.Rules, gotype.TypeString(k.Go)),
			jen.Var().Id(u.Rules).Op("=").Add(Rules(rest, restItem, false)),
			jen.Line())
	}
	return u
}

// Calls is the code that evaluates the transition rules on the unchanged
// value obj (old its old value), at path (a *runtime.Path; field and
// inItem, its *field.Path and whether it is below a list item).
func (u *UnchangedCompiled) Calls(obj, old, path, field, inItem jen.Code) []jen.Code {
	out := []jen.Code{jen.Comment("the transition rules below, which the API server evaluates also on an unchanged value")}
	if u.Func != "" {
		out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(u.Func).Call(jen.Id("op"), jen.Nil(), path, obj, old).Op("...")))
	}
	if u.Rules != "" {
		out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(PkgCELRules, "ValidateUnchanged").Call(
			jen.Id("ctx"), jen.Id(u.Rules), jen.Id("op"), field, inItem, obj, old).Op("...")))
	}
	return out
}

// Names are the names taken by declarations of compiled CEL rules.
type Names map[string]bool

// Unique is a Kind.Name: a name no other declaration has, from free (a
// name the file's own code does not declare) and those n took.
func (n *Names) Unique(free func(string) string) func(string) string {
	return func(prefix string) string {
		name := free(prefix)
		for (*n)[name] {
			name += "_"
		}
		if *n == nil {
			*n = Names{}
		}
		(*n)[name] = true
		return name
	}
}
