// Package equal writes the typed equality functions of a generated file:
// update ratcheting compares every value with its old one, as
// equality.Semantic does, without reflection.
package equal

import (
	"path"
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
)

const pkgRT = "github.com/declval/validation-gen/runtime"

// File is what the functions are written into: the generated file, its
// package, how it writes a type, and which names it has taken.
type File interface {
	Jen() *jen.File
	Package() string
	TypeCode(t *types.Type) *jen.Statement
	Taken(name string) bool
}

// Update ratcheting compares every changed-or-not value with its old
// value. equality.Semantic.DeepEqual does that by reflection, which
// allocates; the emitter instead writes typed equality functions with the
// same meaning (nil and empty lists and maps are equal, pointers compare
// what they point to). The types equality.Semantic has functions of its
// own for (metav1.Time, resource.Quantity, ...) are compared by the
// runtime's equivalents of those functions. Only a type the emitter cannot
// see into (an interface, a struct of another package with unexported
// fields) still goes through reflection (runtime.OpaqueEqual), alone: the
// values around it stay typed.

// Equalities collects the equality functions one file needs.
//
// The equality of a type that can contain itself (deep) is written as a
// function with a depth, which gives up past runtime.MaxNesting levels
// (two values that contain themselves would otherwise be compared until
// the stack overflows), and a two-argument entry point starting at 0.
// New starts the equality functions of file f.
func New(f File) *Equalities {
	return &Equalities{e: f, names: map[string]string{}}
}

type Equalities struct {
	e     File
	names map[string]string // type key -> function name
	order []*types.Type
	keys  []string
	deeps map[*types.Type]bool
	// inDeep is set while the body of a deep function is written: its
	// calls to deep functions pass the depth on.
	inDeep bool
}

func (q *Equalities) key(t *types.Type) string { return gotype.TypeString(t) + "|" + t.Name.Package }

// call returns a bool expression comparing *a and *b (a, b: *T).
func (q *Equalities) Call(t *types.Type, a, b jen.Code) jen.Code {
	if IsComparable(t) {
		return jen.Op("*").Add(a).Op("==").Op("*").Add(b)
	}
	if c := leafEqual(t, a, b); c != nil {
		return c
	}
	if q.inDeep && q.deep(t) {
		return jen.Id(q.Fn(t)+"_d").Call(a, b, jen.Id("d").Op("+").Lit(1))
	}
	return jen.Id(q.Fn(t)).Call(a, b)
}

// deep reports whether comparing two values of type t can come back to
// comparing two values of type t.
func (q *Equalities) deep(t *types.Type) bool {
	if q.deeps == nil {
		q.deeps = map[*types.Type]bool{}
	}
	d, ok := q.deeps[t]
	if !ok {
		d = reaches(t, t, map[*types.Type]bool{})
		q.deeps[t] = d
	}
	return d
}

// reaches reports whether the equality of from calls the equality of to.
func reaches(from, to *types.Type, seen map[*types.Type]bool) bool {
	var next []*types.Type
	switch from.Kind {
	case types.Alias:
		next = []*types.Type{from.Underlying}
	case types.Pointer, types.Slice, types.Array:
		next = []*types.Type{from.Elem}
	case types.Map:
		next = []*types.Type{from.Elem}
	case types.Struct:
		for _, m := range from.Members {
			next = append(next, gotype.MemberType(from, m))
		}
	}
	for _, n := range next {
		if n == to {
			return true
		}
		if seen[n] || IsComparable(n) || opaque(n) {
			continue
		}
		if _, ok := semanticFuncs[n.Name]; ok {
			continue
		}
		seen[n] = true
		if reaches(n, to, seen) {
			return true
		}
	}
	return false
}

// semanticFuncs are the runtime's equivalents of equality.Semantic's own
// functions, by the type they compare.
var semanticFuncs = map[types.Name]string{
	{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "Time"}:      "TimeEqual",
	{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "MicroTime"}: "MicroTimeEqual",
	{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "FieldsV1"}:  "FieldsV1Equal",
	{Package: "k8s.io/apimachinery/pkg/api/resource", Name: "Quantity"}:  "QuantityEqual",
	// Not one of equality.Semantic's (it panics on time.Time), but what a
	// time means in an API: an instant, as metav1.Time's equality says.
	{Package: "time", Name: "Time"}: "GoTimeEqual",
}

// leafEqual compares *a and *b (a, b: *T) for a type whose equality is not
// written out member by member, or returns nil for any other type.
func leafEqual(t *types.Type, a, b jen.Code) jen.Code {
	if fn, ok := semanticFuncs[t.Name]; ok {
		return jen.Qual(pkgRT, fn).Call(a, b)
	}
	if opaque(t) {
		return jen.Qual(pkgRT, "OpaqueEqual").Call(a, b)
	}
	return nil
}

// opaque reports whether t is a type generated code cannot compare member
// by member: an interface, or a struct of another package with unexported
// fields.
func opaque(t *types.Type) bool {
	if t.Kind == types.Interface {
		return true
	}
	if t.Kind != types.Struct || t.Name.Package == "" {
		return false
	}
	for _, m := range t.Members {
		if !gotype.IsExported(m.Name) {
			return true
		}
	}
	return false
}

// reflects reports whether comparing two values of type t goes through
// reflection somewhere (an opaque type in it), so that the addresses
// compared escape.
func (q *Equalities) Reflects(t *types.Type) bool {
	return reflectsSeen(t, map[*types.Type]bool{})
}

func reflectsSeen(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] || IsComparable(t) {
		return false
	}
	seen[t] = true
	if _, ok := semanticFuncs[t.Name]; ok {
		return false
	}
	if opaque(t) {
		return true
	}
	switch t.Kind {
	case types.Alias, types.Pointer, types.Slice, types.Array:
		e := t.Elem
		if t.Kind == types.Alias {
			e = t.Underlying
		}
		return reflectsSeen(e, seen)
	case types.Map:
		return reflectsSeen(t.Key, seen) || reflectsSeen(t.Elem, seen)
	case types.Struct:
		for _, m := range t.Members {
			if reflectsSeen(m.Type, seen) {
				return true
			}
		}
	}
	return false
}

// fn names the equality function of t, scheduling it to be written.
func (q *Equalities) Fn(t *types.Type) string {
	k := q.key(t)
	if n, ok := q.names[k]; ok {
		return n
	}
	n := "equal_" + strconv.Itoa(len(q.names)+1)
	switch {
	case t.Name.Package == q.e.Package():
		n = "equal_" + t.Name.Name
	case t.Name.Package != "":
		n = "equal_" + path.Base(t.Name.Package) + "_" + t.Name.Name
	}
	for taken := q.taken(n) || q.taken(n+"_d"); taken; taken = q.taken(n) || q.taken(n+"_d") {
		n += "_"
	}
	q.names[k] = n
	q.order = append(q.order, t)
	q.keys = append(q.keys, k)
	return n
}

func (q *Equalities) taken(n string) bool {
	if q.e.Taken(n) {
		return true
	}
	for _, v := range q.names {
		if v == n {
			return true
		}
	}
	return false
}

// elemFn is the function value comparing two *E, for the generic helpers.
func (q *Equalities) elemFn(t *types.Type) jen.Code { return jen.Id(q.Fn(t)) }

// emit writes every scheduled function (scheduling more as it goes).
func (q *Equalities) Emit() {
	for i := 0; i < len(q.order); i++ {
		t := q.order[i]
		name := q.names[q.keys[i]]
		tc := q.e.TypeCode(t)
		q.e.Jen().Commentf("%s reports whether *a and *b are equal as equality.Semantic sees them.", name)
		if !q.deep(t) {
			q.e.Jen().Func().Id(name).Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(tc)).Bool().Block(
				q.stmts(t)...,
			)
			q.e.Jen().Line()
			continue
		}
		q.e.Jen().Func().Id(name).Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(tc)).Bool().Block(
			jen.Return(jen.Id(name+"_d").Call(jen.Id("a"), jen.Id("b"), jen.Lit(0))),
		)
		q.e.Jen().Line()
		q.inDeep = true
		body := append([]jen.Code{
			jen.If(jen.Qual(pkgRT, "EqualDepthExceeded").Call(jen.Id("d"))).Block(jen.Return(jen.False())),
		}, q.stmts(t)...)
		q.inDeep = false
		q.e.Jen().Commentf("%s_d is %s at d levels of recursion.", name, name)
		q.e.Jen().Func().Id(name+"_d").Params(jen.List(jen.Id("a"), jen.Id("b")).Op("*").Add(tc), jen.Id("d").Int()).Bool().Block(body...)
		q.e.Jen().Line()
	}
}

// stmts is the body of the equality function of t. Lists and maps of
// values without ==, loop here rather than in a generic helper, so that
// the element comparison is a direct call and nothing escapes.
func (q *Equalities) stmts(t *types.Type) []jen.Code {
	if c := leafEqual(t, jen.Id("a"), jen.Id("b")); c != nil {
		return []jen.Code{jen.Return(c)}
	}
	u := t
	if u.Kind == types.Alias && u.Underlying.Name.Package == "" {
		u = u.Underlying
	}
	switch {
	case (u.Kind == types.Slice || u.Kind == types.Array) && !IsComparable(u.Elem):
		return []jen.Code{
			jen.If(jen.Len(jen.Op("*").Id("a")).Op("!=").Len(jen.Op("*").Id("b"))).Block(jen.Return(jen.False())),
			jen.For(jen.Id("i").Op(":=").Range().Op("*").Id("a")).Block(
				jen.If(jen.Op("!").Add(q.Call(u.Elem, jen.Op("&").Parens(jen.Op("*").Id("a")).Index(jen.Id("i")), jen.Op("&").Parens(jen.Op("*").Id("b")).Index(jen.Id("i"))))).Block(jen.Return(jen.False())),
			),
			jen.Return(jen.True()),
		}
	case u.Kind == types.Map && !IsComparable(u.Elem):
		return []jen.Code{
			jen.If(jen.Len(jen.Op("*").Id("a")).Op("!=").Len(jen.Op("*").Id("b"))).Block(jen.Return(jen.False())),
			jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Op("*").Id("a")).Block(
				jen.List(jen.Id("w"), jen.Id("ok")).Op(":=").Parens(jen.Op("*").Id("b")).Index(jen.Id("k")),
				jen.If(jen.Op("!").Id("ok").Op("||").Op("!").Add(q.Call(u.Elem, jen.Op("&").Id("v"), jen.Op("&").Id("w")))).Block(jen.Return(jen.False())),
			),
			jen.Return(jen.True()),
		}
	case u.Kind == types.Pointer && !IsComparable(u.Elem):
		return []jen.Code{
			jen.If(jen.Op("*").Id("a").Op("==").Nil().Op("||").Op("*").Id("b").Op("==").Nil()).Block(jen.Return(jen.Op("*").Id("a").Op("==").Op("*").Id("b"))),
			jen.Return(q.Call(u.Elem, jen.Op("*").Id("a"), jen.Op("*").Id("b"))),
		}
	}
	return []jen.Code{jen.Return(q.body(t))}
}

// body compares *a and *b of type t.
func (q *Equalities) body(t *types.Type) jen.Code {
	a, b := jen.Op("*").Id("a"), jen.Op("*").Id("b")
	switch t.Kind {
	case types.Alias:
		u := t.Underlying
		if u.Name.Package != "" {
			// A typedef of another named type compares as that type.
			conv := q.e.TypeCode(u)
			return q.Call(u, jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id("a")), jen.Parens(jen.Op("*").Add(conv)).Call(jen.Id("b")))
		}
		return q.composite(u, a, b)
	case types.Struct:
		var conj jen.Code
		for _, m := range t.Members {
			c := q.Member(t, m, "a", "b")
			if conj == nil {
				conj = c
			} else {
				conj = jen.Add(conj).Op("&&").Line().Add(c)
			}
		}
		if conj == nil {
			return jen.True()
		}
		return conj
	}
	return q.composite(t, a, b)
}

// member compares the member m of the structs a and b (pointers to t).
func (q *Equalities) Member(t *types.Type, m types.Member, a, b string) jen.Code {
	if IsComparable(gotype.MemberType(t, m)) {
		return jen.Id(a).Dot(m.Name).Op("==").Id(b).Dot(m.Name)
	}
	return q.Call(gotype.MemberType(t, m), jen.Op("&").Id(a).Dot(m.Name), jen.Op("&").Id(b).Dot(m.Name))
}

// composite compares two values (expressions of type t, not pointers) of
// an unnamed pointer, slice or map type.
func (q *Equalities) composite(t *types.Type, a, b jen.Code) jen.Code {
	switch t.Kind {
	case types.Pointer:
		if IsComparable(t.Elem) {
			return jen.Qual(pkgRT, "PtrEqual").Call(a, b)
		}
		return jen.Qual(pkgRT, "PtrEqualFunc").Call(a, b, q.elemFn(t.Elem))
	case types.Slice:
		if IsComparable(t.Elem) {
			return jen.Qual(pkgRT, "SliceEqual").Call(a, b)
		}
		return jen.Qual(pkgRT, "SliceEqualFunc").Call(a, b, q.elemFn(t.Elem))
	case types.Map:
		if IsComparable(t.Elem) {
			return jen.Qual(pkgRT, "MapEqual").Call(a, b)
		}
		return jen.Qual(pkgRT, "MapEqualFunc").Call(a, b, q.elemFn(t.Elem))
	case types.Array:
		return jen.Qual(pkgRT, "SliceEqualFunc").Call(jen.Parens(a).Index(jen.Op(":")), jen.Parens(b).Index(jen.Op(":")), q.elemFn(t.Elem))
	}
	return jen.Op("*").Id("a").Op("==").Op("*").Id("b")
}

// IsComparable reports whether == on two values means they are equal:
// builtins, and structs and arrays made only of such values. A pointer
// compares identity, not content, so anything holding one is compared
// with equality.Semantic (which also treats nil and empty as equal).
func IsComparable(t *types.Type) bool {
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
