package golang

import (
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/model"
)

// fnCtx hands out unique local names within one function.
type fnCtx struct {
	e *goEmitter
	n int
	// freshRoot is set when the function calls into a recursive type.
	freshRoot bool
	// tree is set in the validateTree function of a recursive type, which
	// also reports whether its value equals a value to compare with.
	tree bool
	// level is the stability level of the rule being written: appendErr
	// and appendErrs mark the errors they add with it.
	level model.Level
}

// at makes the errors written until the returned func is called carry
// level l (the rule's), as Kubernetes marks every error of a validation
// written behind +k8s:alpha or +k8s:beta.
func (c *fnCtx) at(l model.Level) func() {
	prev := c.level
	c.level = l
	return func() { c.level = prev }
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
	rules []model.Rule
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
	enum      []model.EnumValue
	enumLevel model.Level
	// typeFunc is set inside a type's own function: the value is the
	// type itself, so its function must not be called again.
	typeFunc bool
	// nilsDone: the nil items of this list of pointers were checked
	// already, with its other short-circuiting checks (updateChecks).
	nilsDone bool
	// local marks a value copied into a local variable (map values): its
	// address must not reach reflection, or the variable escapes.
	local bool
	// In a validateTree function: cv is the value to compare with, of the
	// same type as v ("nil" when there is none), and cmpParent, for pointer
	// places, is true when cv's container exists. Old values are either
	// absent or the compared values themselves.
	cv, cmpParent string
	// same and known, set on a tracked place (tracked), are the variables
	// the descent into a recursive type sets: whether the value equals cv,
	// and whether that was found out (else an equality function decides).
	same, known string
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

// placeValue is the expression presenceTest looks at: the pointer of a
// pointer place, the value otherwise.
func (pl place) placeValue() *jen.Statement {
	if pl.isPtr() {
		return jen.Id(pl.v)
	}
	return pl.derefRaw()
}
