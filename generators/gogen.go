package generators

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"
)

const (
	pkgContext   = "context"
	pkgOperation = "k8s.io/apimachinery/pkg/api/operation"
	pkgField     = "k8s.io/apimachinery/pkg/util/validation/field"
	pkgEquality  = "k8s.io/apimachinery/pkg/api/equality"
	pkgK8sRT     = "k8s.io/apimachinery/pkg/runtime"
	pkgFmt       = "fmt"
	pkgRT        = "github.com/declval/validation-gen/runtime"
)

// GoFile renders the validation file of one package: gofmt'd source.
func (m *Model) GoFile(p *Package, header []byte) ([]byte, error) {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.ImportAlias(pkgRT, "vgruntime")
	f.ImportAlias(pkgK8sRT, "runtime")
	if len(header) > 0 {
		f.HeaderComment(strings.TrimRight(string(header), "\n"))
	}
	f.HeaderComment("//go:build !" + BuildTag)
	f.HeaderComment(strings.TrimPrefix(generatedMarker, "// "))
	e := &goEmitter{m: m, p: p, f: f}
	e.eq = &equalities{e: e, names: map[string]string{}}
	e.listKeys = map[string]string{}
	e.itemFinders = map[string]string{}
	if p.SchemeRegistry != "" {
		e.registerFunc()
	}
	for _, t := range p.Types {
		e.typeFuncs(t)
	}
	e.eq.emit()
	for _, c := range e.post {
		f.Add(c)
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering %s: %w", p.Path, err)
	}
	return buf.Bytes(), nil
}

type goEmitter struct {
	m  *Model
	p  *Package
	f  *jen.File
	eq *equalities
	// listKeys names the list-map key functions by item type and keys;
	// post holds their declarations, written at the end of the file.
	listKeys map[string]string
	post     []jen.Code
	// unionVars and itemFinders name the union descriptions and item
	// lookups written at the end of the file.
	unionVars   []string
	itemFinders map[string]string
	// transitionVars name the schemas of unchanged values' transition
	// rules, by value type (unchangedTransitions).
	transitionVars map[string]string
}

// registerFunc writes RegisterValidations: one dispatcher per root type.
func (e *goEmitter) registerFunc() {
	reg := e.p.SchemeRegistry
	regPkg, regType := pkgK8sRT, "Scheme"
	if i := strings.LastIndex(reg, "."); i > 0 && strings.Contains(reg, "/") {
		regPkg, regType = reg[:i], reg[i+1:]
	}
	var body []jen.Code
	for _, t := range e.p.Roots {
		paths := subresourcePaths(e.p, t)
		tq := e.typeQual(t.Go)
		var cases []jen.Code
		cases = append(cases, jen.Case(lits(paths)...).Block(
			jen.Return(jen.Id("Validate_"+t.Go.Name.Name).Call(
				jen.Id("ctx"), jen.Id("op"), jen.Nil(),
				jen.Id("obj").Assert(jen.Op("*").Add(tq)),
				jen.Qual(pkgRT, "OldAs").Types(jen.Op("*").Add(tq)).Call(jen.Id("oldObj")),
			)),
		))
		body = append(body, jen.Id("scheme").Dot("AddValidationFunc").Call(
			jen.Parens(jen.Op("*").Add(tq)).Call(jen.Nil()),
			jen.Func().Params(
				jen.Id("ctx").Qual(pkgContext, "Context"),
				jen.Id("op").Qual(pkgOperation, "Operation"),
				jen.Id("obj"), jen.Id("oldObj").Interface(),
			).Qual(pkgField, "ErrorList").Block(
				jen.Switch(jen.Id("op").Dot("Request").Dot("SubresourcePath").Call()).Block(cases...),
				jen.Return(jen.Qual(pkgField, "ErrorList").Values(
					jen.Qual(pkgField, "InternalError").Call(jen.Nil(),
						jen.Qual(pkgFmt, "Errorf").Call(jen.Lit("no validation found for %T, subresource: %v"), jen.Id("obj"), jen.Id("op").Dot("Request").Dot("SubresourcePath").Call())),
				)),
			),
		))
	}
	body = append(body, jen.Return(jen.Nil()))
	e.f.Comment("RegisterValidations adds validation functions to the given scheme.")
	e.f.Comment("Public to allow building arbitrary schemes.")
	e.f.Func().Id("RegisterValidations").Params(jen.Id("scheme").Op("*").Qual(regPkg, regType)).Error().Block(body...)
	e.f.Line()
}

// subresourcePaths are the request paths a root type's validation serves:
// the root and every supported subresource, sorted, or only the
// subresource of an isSubresource package or type.
func subresourcePaths(p *Package, t *Type) []string {
	if t.IsSubresource != "" {
		return []string{t.IsSubresource}
	}
	if p.IsSubresource != "" {
		return []string{p.IsSubresource}
	}
	set := map[string]bool{"/": true}
	for _, s := range append(append([]string{}, p.Subresources...), t.Subresources...) {
		set[s] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func lits(ss []string) []jen.Code {
	out := make([]jen.Code, len(ss))
	for i, s := range ss {
		out[i] = jen.Lit(s)
	}
	return out
}

// typeQual is the Go type expression of a named type.
func (e *goEmitter) typeQual(t *types.Type) *jen.Statement {
	return jen.Qual(t.Name.Package, t.Name.Name)
}

// typeCode renders any Go type.
func (e *goEmitter) typeCode(t *types.Type) *jen.Statement {
	switch t.Kind {
	case types.Pointer:
		return jen.Op("*").Add(e.typeCode(t.Elem))
	case types.Slice:
		return jen.Index().Add(e.typeCode(t.Elem))
	case types.Array:
		return jen.Index(jen.Lit(t.Len)).Add(e.typeCode(t.Elem))
	case types.Map:
		return jen.Map(e.typeCode(t.Key)).Add(e.typeCode(t.Elem))
	case types.Builtin:
		return jen.Id(t.Name.Name)
	}
	if t.Name.Package != "" {
		return e.typeQual(t)
	}
	return jen.Id(t.Name.Name)
}

// typeFuncs writes Validate_<T> (the public surface) and ValidateAt_<T>
// (the same with a lazy path, which generated code calls).
func (e *goEmitter) typeFuncs(t *Type) {
	name := t.Go.Name.Name
	tq := e.typeQual(t.Go)
	e.f.Commentf("Validate_%s validates an instance of %s according to the declarative", name, name)
	e.f.Comment("validation tags of its type. oldObj is nil on create; a nil obj is valid.")
	e.f.Func().Id("Validate_"+name).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"),
		jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("fldPath").Op("*").Qual(pkgField, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(tq),
	).Qual(pkgField, "ErrorList").Block(
		// A nil object has nothing to validate; returning here keeps a
		// caller's nil from ever reaching a dereference.
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Var().Id("p").Qual(pkgRT, "Path"),
		jen.Return(jen.Qual(pkgRT, "Rebase").Call(
			jen.Id("ValidateAt_"+name).Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("p"), jen.Id("obj"), jen.Id("oldObj")),
			jen.Id("fldPath"))),
	)
	e.f.Line()

	c := &fnCtx{e: e}
	root := &pathVar{name: "p", ptr: true}
	var body []jen.Code
	self := place{t: t.Go, rules: t.Rules, v: "obj", ov: "oldObj", path: root, enum: t.Enum, typeFunc: true}
	if t.Go.Kind == types.Struct {
		body = append(body, c.unionChecks(t.Unions, "obj", "oldObj", root, false)...)
		body = append(body, c.valueChecks(self, nil)...)
		body = append(body, c.structFields(t, "obj", "oldObj", root)...)
		if e.m.hasCEL(t) {
			body = append(body, e.celRulesCall(t, root)...)
		}
	} else {
		body = append(body, c.valueChecks(self, c.structure(self, false))...)
	}
	params := []jen.Code{
		jen.Id("ctx").Qual(pkgContext, "Context"),
		jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("p").Op("*").Qual(pkgRT, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(tq),
	}
	e.f.Commentf("ValidateAt_%s is Validate_%s with a lazily built field path; generated", name, name)
	e.f.Comment("code calls it so that validating a valid object allocates nothing.")
	if c.freshRoot {
		body = append([]jen.Code{jen.Var().Id("freshRoot").Qual(pkgRT, "Path")}, body...)
	}
	if len(body) == 0 {
		e.f.Func().Id("ValidateAt_" + name).Params(params...).Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(jen.Return())
	} else {
		body = append(body, jen.Return())
		e.f.Func().Id("ValidateAt_" + name).Params(params...).Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(body...)
	}
	e.f.Line()
}

// fnCtx hands out unique local names within one function.
type fnCtx struct {
	e *goEmitter
	n int
	// freshRoot is set when the function calls into a recursive type.
	freshRoot bool
}

func (c *fnCtx) name(prefix string) string {
	c.n++
	return prefix + strconv.Itoa(c.n)
}

// pathVar is a runtime.Path value in the generated function. It is
// declared only if something uses it.
type pathVar struct {
	name   string
	ptr    bool // the variable is already a *Path (the function parameter)
	decl   jen.Code
	parent *pathVar
	used   bool
}

// childPath declares a path derived from parent by method(arg).
func childPath(name string, parent *pathVar, method string, arg jen.Code) *pathVar {
	return &pathVar{name: name, parent: parent, decl: jen.Id(name).Op(":=").Id(parent.name).Dot(method).Call(arg)}
}

// arg is the *Path expression to pass to a callee.
func (pv *pathVar) arg() jen.Code {
	pv.used = true
	if pv.ptr {
		return jen.Id(pv.name)
	}
	return jen.Op("&").Id(pv.name)
}

// field is the materialised *field.Path, for an error.
func (pv *pathVar) field() jen.Code {
	pv.used = true
	return jen.Id(pv.name).Dot("Field").Call()
}

// inItem is the bool expression: the path is below a list item or a map
// value.
func (pv *pathVar) inItem() jen.Code {
	pv.used = true
	return jen.Id(pv.name).Dot("InItem").Call()
}

// withDecl prepends the path declaration if it was used.
func (pv *pathVar) withDecl(body []jen.Code) []jen.Code {
	if !pv.used || pv.decl == nil || len(body) == 0 {
		return body
	}
	for p := pv.parent; p != nil; p = p.parent {
		p.used = true
	}
	return append([]jen.Code{pv.decl}, body...)
}

// place is a value the generated code validates.
type place struct {
	t     *types.Type // declared Go type at the place
	rules []Rule
	// v is an expression of type *X, where X is t without its pointer:
	// for a pointer place v is the pointer itself (nil when unset),
	// otherwise the address of the value (never nil).
	v string
	// ov is the old value, of the same type as v; nil when there is none.
	ov string
	// oldParent is, for pointer places, a bool expression that is true when
	// the old value's container exists (so ov == nil means "was unset").
	oldParent string
	path      *pathVar
	enum      []EnumValue
	// typeFunc is set inside a type's own function: the value is the
	// type itself, so its function must not be called again.
	typeFunc bool
	// local marks a value copied into a local variable (map values): its
	// address must not reach reflection, or the variable escapes.
	local bool
}

func (pl place) isPtr() bool { return pl.t.Kind == types.Pointer }

// hasOld reports whether the place can have an old value at all.
func (pl place) hasOld() bool { return pl.ov != "nil" }

// oldExists is a bool expression: the old value of the place exists.
func (pl place) oldExists() string {
	if !pl.hasOld() {
		return "false"
	}
	return pl.ov + " != nil"
}

// valueType is the type of *v.
func (pl place) valueType() *types.Type {
	if pl.isPtr() {
		return pl.t.Elem
	}
	return pl.t
}

// deref is the expression of the value itself.
func (pl place) deref() *jen.Statement { return jen.Parens(jen.Op("*").Id(pl.v)) }

func (pl place) derefRaw() *jen.Statement { return jen.Op("*").Id(pl.v) }

// structFields validates each field of a struct type.
func (c *fnCtx) structFields(t *Type, obj, oldObj string, path *pathVar) []jen.Code {
	var out []jen.Code
	for _, f := range t.Fields {
		code := c.fieldPlace(f, obj, oldObj, path)
		if len(code) == 0 {
			continue
		}
		label := f.JSONName
		if f.Inline {
			label = f.GoName + " (inline)"
		}
		out = append(out, jen.Comment("field "+label))
		out = append(out, jen.Block(code...))
	}
	return out
}

// fieldPlace validates one struct field of obj (a *Struct expression).
func (c *fnCtx) fieldPlace(f *Field, obj, oldObj string, parent *pathVar) []jen.Code {
	if len(f.Rules) == 0 && !c.needsStructure(f.Go, f.Rules) {
		return nil
	}
	v, ov := c.name("v"), c.name("ov")
	pv := parent
	if !f.Inline {
		pv = childPath(c.name("fp"), parent, "Child", jen.Lit(f.JSONName))
	}
	pl := place{t: f.Go, rules: f.Rules, v: v, ov: ov, path: pv, oldParent: oldObj + " != nil"}
	isPtr := pl.isPtr()
	sel := func(o string) jen.Code {
		if isPtr {
			return jen.Id(o).Dot(f.GoName)
		}
		return jen.Op("&").Id(o).Dot(f.GoName)
	}
	body := c.checksWithGate(pl)
	if len(body) == 0 {
		return nil
	}
	decls := []jen.Code{
		jen.Id(v).Op(":=").Add(sel(obj)),
		jen.Var().Id(ov).Op("*").Add(c.e.typeCode(pl.valueType())),
		jen.If(jen.Id(oldObj).Op("!=").Nil()).Block(jen.Id(ov).Op("=").Add(sel(oldObj))),
	}
	if !f.Inline {
		return pv.withDecl(append(decls, body...))
	}
	return append(decls, body...)
}

// needsStructure reports whether a value of type t, with these rules, calls
// a type's validation function.
func (c *fnCtx) needsStructure(t *types.Type, rules []Rule) bool {
	if hasOpaque(rules) {
		return false
	}
	return c.valueNeeds(t)
}

func (c *fnCtx) valueNeeds(t *types.Type) bool { return valueNeeds(t, c.e.m.lookup) }

// checksWithGate wraps a place's checks in the update-ratcheting gate: an
// unchanged value is not validated again.
func (c *fnCtx) checksWithGate(pl place) []jen.Code {
	body := c.valueChecks(pl, c.structure(pl, false))
	if len(body) == 0 {
		return nil
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
	isUpdate := jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update")
	vt := pl.valueType()
	q := c.e.eq
	if pl.isPtr() {
		var eq jen.Code
		if isComparable(vt) {
			eq = jen.Qual(pkgRT, "PtrEqual").Call(jen.Id(pl.v), jen.Id(pl.ov))
		} else {
			eq = jen.Qual(pkgRT, "PtrEqualFunc").Call(jen.Id(pl.v), jen.Id(pl.ov), jen.Id(q.fn(vt)))
		}
		return isUpdate.Op("&&").Id(pl.oldParent).Op("&&").Add(eq)
	}
	var eq jen.Code
	if pl.local && q.reflects(vt) {
		// A local copy's address must not reach reflection.
		eq = jen.Qual(pkgRT, "SemanticEqual").Call(jen.Id(pl.v), jen.Id(pl.ov))
	} else {
		eq = q.call(vt, jen.Id(pl.v), jen.Id(pl.ov))
	}
	return isUpdate.Op("&&").Id(pl.ov).Op("!=").Nil().Op("&&").Add(eq)
}

// isComparable reports whether == on two values means they are equal:
// builtins, and structs and arrays made only of such values. A pointer
// compares identity, not content, so anything holding one is compared
// with equality.Semantic (which also treats nil and empty as equal).
func isComparable(t *types.Type) bool {
	return directComparable(t, map[*types.Type]bool{})
}

func directComparable(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] {
		return false // recursive types hold pointers somewhere anyway
	}
	seen[t] = true
	defer delete(seen, t)
	switch t.Kind {
	case types.Builtin:
		return true
	case types.Alias:
		return directComparable(t.Underlying, seen)
	case types.Array:
		return directComparable(t.Elem, seen)
	case types.Struct:
		for _, m := range t.Members {
			if !directComparable(m.Type, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// presenceRule classifies a rule that decides what happens to an unset
// value; under an option, maxItems also stops the field's other checks
// (a plain maxItems does so in afterPresence).
func presenceRule(r Rule) bool {
	switch x := r.(type) {
	case Required, Optional, Forbidden:
		return true
	case IfOption:
		for _, in := range x.Rules {
			if _, ok := in.(MaxItems); ok || presenceRule(in) {
				return true
			}
		}
	}
	return false
}

// splitOptions splits each IfOption into the part that short-circuits and
// the part that does not, so that each runs in its own phase.
func splitOptions(rules []Rule) []Rule {
	var out []Rule
	for _, r := range rules {
		x, ok := r.(IfOption)
		if !ok {
			out = append(out, r)
			continue
		}
		var sc, rest []Rule
		for _, in := range x.Rules {
			if _, isMax := in.(MaxItems); isMax || presenceRule(in) {
				sc = append(sc, in)
			} else {
				rest = append(rest, in)
			}
		}
		if len(sc) > 0 {
			y := x
			y.Rules = sc
			out = append(out, y)
		}
		if len(rest) > 0 {
			y := x
			y.Rules = rest
			out = append(out, y)
		}
	}
	return out
}

// unsetExpr is the condition "the value is unset" for presence rules.
func (c *fnCtx) unsetExpr(pl place) jen.Code { return presenceTest(pl.t, pl.placeValue(), false) }

// setExpr is the negation of unsetExpr, written out for readable output.
func (c *fnCtx) setExpr(pl place) jen.Code { return presenceTest(pl.t, pl.placeValue(), true) }

// placeValue is the expression presenceTest looks at: the pointer of a
// pointer place, the value otherwise.
func (pl place) placeValue() *jen.Statement {
	if pl.isPtr() {
		return jen.Id(pl.v)
	}
	return pl.derefRaw()
}

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
	r := resolve(t)
	switch r.Kind {
	case types.Slice, types.Map:
		return jen.Len(val).Op(eq).Lit(0)
	case types.Builtin:
		switch kindOfBuiltin(r.Name.Name) {
		case "string":
			return jen.Add(val).Op(eq).Lit("")
		case "bool":
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

func kindOfBuiltin(n string) string {
	switch {
	case n == "string":
		return "string"
	case n == "bool":
		return "bool"
	case strings.HasPrefix(n, "float"):
		return "float"
	}
	return "int"
}

// valueChecks emits the rules of a place, presence rules first (they
// short-circuit), then maxItems (which short-circuits too), then the
// other rules in the order they were written.
//
// tail runs last, only when no short-circuiting rule stopped the checks;
// it is where the value's type is validated.
func (c *fnCtx) valueChecks(pl place, tail []jen.Code) []jen.Code {
	var presence []Rule
	var rest []Rule
	for _, r := range splitOptions(pl.rules) {
		if presenceRule(r) {
			presence = append(presence, r)
		} else {
			rest = append(rest, r)
		}
	}
	after := c.afterPresence(pl, rest, tail)
	if len(presence) == 0 {
		if pl.isPtr() && len(after) > 0 {
			return []jen.Code{jen.If(jen.Id(pl.v).Op("!=").Nil()).Block(after...)}
		}
		return after
	}
	return c.presenceChecks(pl, presence, after)
}

// presenceChecks nests the remaining checks under the presence rules.
func (c *fnCtx) presenceChecks(pl place, presence []Rule, after []jen.Code) []jen.Code {
	r := presence[0]
	inner := after
	if len(presence) > 1 {
		inner = c.presenceChecks(pl, presence[1:], after)
	}
	unset := c.unsetExpr(pl)
	switch x := r.(type) {
	case Required:
		st := jen.If(unset).Block(c.appendErr(jen.Qual(pkgRT, "Required").Call(pl.path.arg())))
		if len(inner) > 0 {
			st = st.Else().Block(inner...)
		}
		return []jen.Code{st}
	case Optional:
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.If(c.setExpr(pl)).Block(inner...)}
	case Forbidden:
		return []jen.Code{jen.If(c.setExpr(pl)).Block(c.appendErr(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg())))}
	case IfOption:
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
			switch in := in.(type) {
			case Required:
				applied = append(applied, jen.If(c.unsetExpr(pl)).Block(append([]jen.Code{
					c.appendErr(jen.Qual(pkgRT, "Required").Call(pl.path.arg()))}, setStop()...)...))
			case Optional:
				if s := setStop(); len(s) > 0 {
					applied = append(applied, jen.If(c.unsetExpr(pl)).Block(s...))
				}
			case Forbidden:
				applied = append(applied, jen.If(c.setExpr(pl)).Block(c.appendErr(jen.Qual(pkgRT, "Forbidden").Call(pl.path.arg()))))
				applied = append(applied, setStop()...)
			case MaxItems:
				n := jen.Lit(int(in.N))
				applied = append(applied, jen.If(jen.Len(pl.derefRaw()).Op(">").Add(n)).Block(append([]jen.Code{
					c.appendErr(jen.Qual(pkgRT, "MaxItems").Call(pl.path.arg(), jen.Len(pl.derefRaw()), n))}, setStop()...)...))
			}
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
func (c *fnCtx) optionGate(pl place, x IfOption, body []jen.Code) []jen.Code {
	return c.optionGateStop(pl, x, body, nil)
}

// optionGateStop is optionGate for short-circuiting tags: onUndefined runs
// after the InternalError of an undefined option, which is marked as
// short-circuiting.
func (c *fnCtx) optionGateStop(pl place, x IfOption, body, onUndefined []jen.Code) []jen.Code {
	if len(body) == 0 {
		return nil
	}
	undefined := jen.Qual(pkgRT, "UndefinedOption").Call(pl.path.arg(), jen.Lit(x.Option))
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
		append([]jen.Code{c.appendErr(undefined)}, onUndefined...)...,
	).Else().If(cond).Block(body...)}
}

func (c *fnCtx) appendErr(e jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Append(jen.Id("errs"), e)
}

func (c *fnCtx) appendErrs(e jen.Code) jen.Code {
	return jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Add(e).Op("..."))
}

// afterPresence emits maxItems (short-circuiting) and the value rules. The
// value is known to be set (for pointers: non-nil).
func (c *fnCtx) afterPresence(pl place, rules []Rule, tail []jen.Code) []jen.Code {
	var maxItems *MaxItems
	var others []Rule
	for _, r := range rules {
		if m, ok := r.(MaxItems); ok {
			m := m
			maxItems = &m
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
	if maxItems != nil {
		st := jen.If(jen.Len(pl.derefRaw()).Op(">").Lit(int(maxItems.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "MaxItems").Call(pl.path.arg(), jen.Len(pl.derefRaw()), jen.Lit(int(maxItems.N)))))
		if len(body) > 0 {
			st = st.Else().Block(body...)
		}
		body = []jen.Code{st}
	}
	if len(body) > 0 && !pl.typeFunc && c.listOfPointers(pl) {
		// As Kubernetes does, a nil item of a list of pointers is reported
		// (Required at [i]) before anything else, and stops the list's checks.
		nils := c.name("nils")
		body = []jen.Code{jen.If(
			jen.Id(nils).Op(":=").Qual(pkgRT, "NoNils").Call(pl.path.arg(), pl.derefRaw()),
			jen.Len(jen.Id(nils)).Op(">").Lit(0),
		).Block(c.appendErrs(jen.Id(nils))).Else().Block(body...)}
	}
	return body
}

// checkOrder sorts a place's checks by tag name, as Kubernetes does, but
// with item checks right after the list's uniqueness check, as Kubernetes
// runs them.
func checkOrder(r Rule) string {
	switch r.(type) {
	case Item, ItemUnion:
		return "k8s:listType+" + r.TagName()
	}
	return r.TagName()
}

// listOfPointers reports whether the value at pl is a list of pointers.
func (c *fnCtx) listOfPointers(pl place) bool {
	r := resolve(pl.valueType())
	return (r.Kind == types.Slice || r.Kind == types.Array) && r.Elem.Kind == types.Pointer
}

// rule emits one non-presence rule at a place whose value is set.
func (c *fnCtx) rule(pl place, r Rule) []jen.Code {
	val := pl.derefRaw()
	switch x := r.(type) {
	case Minimum:
		return []jen.Code{jen.If(jen.Add(val).Op("<").Lit(int(x.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "Minimum").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case MaxLength:
		return []jen.Code{jen.If(jen.Qual(pkgRT, "TooLong").Call(jen.String().Parens(pl.derefRaw()), jen.Lit(int(x.N)))).Block(
			c.appendErr(jen.Qual(pkgRT, "MaxLength").Call(pl.path.arg(), pl.derefRaw(), jen.Lit(int(x.N)))))}
	case Format:
		fn := map[string]string{"k8s-ip": "IP", "k8s-long-name": "LongName", "k8s-short-name": "ShortName"}[x.Name]
		return []jen.Code{c.appendErrs(jen.Qual(pkgRT, fn).Call(pl.path.arg(), pl.derefRaw()))}
	case NEQ:
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
	case EachVal:
		return c.eachVal(pl, x.Rules)
	case EachKey:
		return c.eachKey(pl, x.Rules, false)
	case Subfield:
		return c.subfield(pl, x)
	case IfOption:
		var inner []jen.Code
		for _, in := range x.Rules {
			inner = append(inner, c.rule(pl, in)...)
		}
		return c.optionGate(pl, x, inner)
	case MaxItems:
		// Under an option, maxItems cannot stop the checks outside it.
		return []jen.Code{jen.If(jen.Len(pl.derefRaw()).Op(">").Lit(int(x.N))).Block(
			c.appendErr(jen.Qual(pkgRT, "MaxItems").Call(pl.path.arg(), jen.Len(pl.derefRaw()), jen.Lit(int(x.N)))))}
	case ListType:
		return c.uniqueness(pl, x)
	case Item:
		return c.item(pl, x)
	case ItemUnion:
		old := pl.ov
		if !pl.hasOld() {
			old = ""
		}
		return c.unionChecks([]*Union{x.Union}, pl.v, old, pl.path, true)
	case Opaque, CEL:
		return nil // CEL: all of a type's rules at once (celRulesCall)
	}
	panic(fmt.Sprintf("validation-gen: no Go emitter for rule %T", r))
}

// enumCheck is +k8s:enum: the value must be one of the type's constants.
func (c *fnCtx) enumCheck(pl place) []jen.Code {
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

// subfield applies rules to one field of the struct at pl.
func (c *fnCtx) subfield(pl place, x Subfield) []jen.Code {
	f := &Field{GoName: x.Field.GoName, JSONName: x.JSONName, Go: x.Field.Go, Rules: x.Rules}
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
		case Forbidden:
			return nil
		case Required, Optional:
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
func (c *fnCtx) memberPresence(pl place, goName string) []Rule {
	st := pl.valueType()
	mt := c.e.m.lookup(st)
	if mt == nil {
		return nil
	}
	var out []Rule
	for _, f := range mt.Fields {
		if f.GoName != goName {
			continue
		}
		for _, r := range f.Rules {
			switch r.(type) {
			case Required, Optional, Forbidden:
				out = append(out, r)
			}
		}
	}
	return out
}

// eachVal applies rules to every element of the list or map at pl.
func (c *fnCtx) eachVal(pl place, rules []Rule) []jen.Code {
	r := resolve(pl.valueType())
	if r.Kind == types.Map {
		return c.mapValues(pl, r, rules, false)
	}
	return c.listElems(pl, r, rules, false)
}

// listElems loops over a list, validating each element with rules and,
// when withType is set, with the element type's own validation.
func (c *fnCtx) listElems(pl place, r *types.Type, rules []Rule, withType bool) []jen.Code {
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
	var body []jen.Code
	if withType {
		body = c.structure(elem, true)
	} else {
		body = c.valueChecks(elem, nil)
	}
	if len(body) == 0 {
		return nil
	}
	var loop []jen.Code
	if elem.isPtr() {
		loop = append(loop, jen.Id(ev).Op(":=").Add(pl.deref()).Index(jen.Id(i)))
	} else {
		loop = append(loop, jen.Id(ev).Op(":=").Op("&").Add(pl.deref()).Index(jen.Id(i)))
	}
	if find != nil {
		loop = append(loop, jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())))
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev+"i").Op(":=").Id(i))
		}
		loop = append(loop, find(ev, eov))
		if elem.isPtr() {
			// A nil item has nothing to validate; an unchanged one is not
			// validated again.
			eq := c.e.eq.call(elem.valueType(), jen.Id(ev), jen.Id(eov))
			unchanged := jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update").Op("&&").Id(ev).Op("!=").Nil().Op("&&").Id(eov).Op("!=").Nil().Op("&&").Add(eq)
			body = []jen.Code{ratchetGate(unchanged, body, c.unchangedTransitionsOf(elem, withType))}
		} else {
			body = []jen.Code{ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType))}
		}
	}
	loop = append(loop, body...)
	out := append(decl, jen.For(jen.Id(i).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...))
	out = append(out, done...)
	if len(decl) > 0 {
		return []jen.Code{jen.Block(out...)}
	}
	return out
}

// mapValues loops over a map's values. Old values are found by key; an
// unchanged value is not validated again on update. Errors found in the
// loop are sorted so that output does not depend on map order.
func (c *fnCtx) mapValues(pl place, r *types.Type, rules []Rule, withType bool) []jen.Code {
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
	var body []jen.Code
	if withType {
		body = c.structure(elem, true)
	} else {
		body = c.valueChecks(elem, nil)
	}
	if len(body) == 0 {
		return nil
	}
	ovVal := c.name("o")
	var loop []jen.Code
	if !pl.hasOld() {
		if elem.isPtr() {
			loop = append(loop, jen.Id(ev).Op(":=").Id(val))
		} else {
			loop = append(loop, jen.Id(ev).Op(":=").Op("&").Id(val))
		}
		loop = append(loop, body...)
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
	if pl.hasOld() {
		loop = append(loop, ratchetGate(c.unchanged(elem), body, c.unchangedTransitionsOf(elem, withType)))
	}
	start := c.name("start")
	return []jen.Code{
		jen.Id(start).Op(":=").Len(jen.Id("errs")),
		jen.For(jen.List(jen.Id(k), jen.Id(val)).Op(":=").Range().Add(pl.derefRaw())).Block(pv.withDecl(loop)...),
		jen.Qual(pkgRT, "SortSince").Call(jen.Id("errs"), jen.Id(start)),
	}
}

// keyPath is the path of a map entry for a key of type kt.
func keyPath(parent, k string, kt *types.Type) jen.Code {
	r := resolve(kt)
	if r.Kind == types.Builtin && kindOfBuiltin(r.Name.Name) == "int" {
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
func (c *fnCtx) eachKey(pl place, rules []Rule, withType bool) []jen.Code {
	r := resolve(pl.valueType())
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
		loop = append(loop, jen.If(jen.Id("op").Dot("Type").Op("==").Qual(pkgOperation, "Update").Op("&&").Id(pl.ov).Op("!=").Nil()).Block(
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
	if hasOpaque(pl.rules) {
		return nil
	}
	vt := pl.valueType()
	var out []jen.Code
	if mt := c.e.m.lookup(vt); mt != nil && !pl.typeFunc {
		if mt.HasValidation {
			out = []jen.Code{c.callType(mt, pl, nil)}
		}
	} else {
		r := resolve(vt)
		if pl.typeFunc && vt.Kind == types.Alias {
			r = vt.Underlying
			if mt := c.e.m.lookup(r); mt != nil {
				// A typedef of another named type: validate as that type.
				if mt.HasValidation {
					out = []jen.Code{c.callType(mt, pl, c.e.typeQual(r))}
				}
				r = nil
			} else {
				r = resolve(r)
			}
		}
		if r != nil {
			switch r.Kind {
			case types.Slice, types.Array:
				if c.valueNeeds(r.Elem) && !eachOpaque(pl.rules, false) {
					out = c.listElems(pl, r, nil, true)
				}
			case types.Map:
				if c.valueNeeds(r.Key) && !eachOpaque(pl.rules, true) {
					out = c.eachKey(pl, nil, true)
				}
				if c.valueNeeds(r.Elem) && !eachOpaque(pl.rules, false) {
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
func (c *fnCtx) callType(mt *Type, pl place, conv jen.Code) jen.Code {
	t := mt.Go
	v, ov := jen.Id(pl.v), jen.Id(pl.ov)
	if conv != nil {
		v = jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id(pl.v))
		ov = jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id(pl.ov))
	}
	if mt.Pkg == nil && !mt.LazyPath {
		// A readonly package's Validate_ function takes a *field.Path.
		return c.appendErrs(jen.Qual(t.Name.Package, "Validate_"+t.Name.Name).Call(
			jen.Id("ctx"), jen.Id("op"), pl.path.field(), v, ov))
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
		sub := c.name("sub")
		return jen.If(jen.Id(sub).Op(":=").Add(fn).Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("freshRoot"), v, ov), jen.Len(jen.Id(sub)).Op(">").Lit(0)).Block(
			c.appendErrs(jen.Qual(pkgRT, "Rebase").Call(jen.Id(sub), pl.path.field())),
		)
	}
	return c.appendErrs(jen.Add(fn).Call(jen.Id("ctx"), jen.Id("op"), pl.path.arg(), v, ov))
}

// lookup finds the model type of a named Go type, from the run or from a
// readonly package.
func (m *Model) lookup(t *types.Type) *Type {
	if t == nil || t.Name.Package == "" {
		return nil
	}
	return m.index[t.Name]
}
