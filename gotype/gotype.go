// Package gotype answers questions about Go types as gengo and
// encoding/json see them: how a field is named in JSON, what a typedef
// resolves to, whether a type can hold a value validation-gen validates.
package gotype

import (
	"go/token"
	gotypes "go/types"
	"reflect"
	"strings"

	"k8s.io/gengo/v2/types"
)

// IsKind reports whether a struct is a Kubernetes kind: it embeds TypeMeta
// and has ObjectMeta.
func IsKind(t *types.Type) bool {
	var typeMeta, objectMeta bool
	for _, m := range t.Members {
		if m.Type.Name.Package != "k8s.io/apimachinery/pkg/apis/meta/v1" {
			continue
		}
		switch m.Type.Name.Name {
		case "TypeMeta":
			typeMeta = typeMeta || m.Embedded
		case "ObjectMeta":
			objectMeta = true
		}
	}
	return typeMeta && objectMeta
}

// IsExported reports whether a Go name is exported (ASCII upper case first).
func IsExported(n string) bool { return n != "" && n[0] >= 'A' && n[0] <= 'Z' }

// JSONOf reads a member's json tag: its name, whether it is inlined and
// whether it is skipped.
func JSONOf(m types.Member) (name string, inline, skip bool) {
	tag, ok := reflect.StructTag(m.Tags).Lookup("json")
	parts := strings.Split(tag, ",")
	if tag == "-" {
		return "", false, true
	}
	for _, o := range parts[1:] {
		if o == "inline" {
			return "", true, false
		}
	}
	if m.Embedded && (!ok || parts[0] == "") {
		return "", true, false
	}
	if !ok || parts[0] == "" {
		return m.Name, false, false
	}
	return parts[0], false, false
}

// JSONNamed reports whether a member's json tag names it.
func JSONNamed(m types.Member) bool {
	tag, _ := reflect.StructTag(m.Tags).Lookup("json")
	name, _, _ := strings.Cut(tag, ",")
	return name != "" && name != "-"
}

func PathBase(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// TypeString renders a Go type for messages.
func TypeString(t *types.Type) string {
	if t.Name.Package != "" && token.IsIdentifier(t.Name.Name) {
		// A named type of any kind: gengo gives type P *T the kind
		// Pointer, and P is not *T.
		return PathBase(t.Name.Package) + "." + t.Name.Name
	}
	switch t.Kind {
	case types.Pointer:
		return "*" + TypeString(t.Elem)
	case types.Slice:
		return "[]" + TypeString(t.Elem)
	case types.Map:
		return "map[" + TypeString(t.Key) + "]" + TypeString(t.Elem)
	}
	if t.Name.Package != "" {
		return PathBase(t.Name.Package) + "." + t.Name.Name
	}
	return t.Name.Name
}

// Resolve follows typedefs to the type that determines the kind.
func Resolve(t *types.Type) *types.Type {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t
}

// FieldType is the go/types type of a struct's field, or nil.
func FieldType(t *types.Type, name string) gotypes.Type {
	if t.GoType == nil {
		return nil
	}
	st, ok := t.GoType.Underlying().(*gotypes.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == name {
			return f.Type()
		}
	}
	return nil
}

var builtins = map[string]*types.Type{}

// RealType corrects gengo's builtins, which fold int8, uint8 and byte into
// one "byte" type, using the go/types type of the same value: the range of
// +k8s:minimum and the types in generated code depend on it.
func RealType(t *types.Type, g gotypes.Type) *types.Type {
	if t == nil || g == nil {
		return t
	}
	// gengo sees through aliases (type A = int8) too.
	g = gotypes.Unalias(g)
	switch t.Kind {
	case types.Builtin:
		basic, ok := g.(*gotypes.Basic)
		if !ok || basic.Name() == t.Name.Name {
			return t
		}
		name := basic.Name()
		if name == "byte" {
			name = "uint8"
		}
		if bt, ok := builtins[name]; ok {
			return bt
		}
		bt := &types.Type{Name: types.Name{Name: name}, Kind: types.Builtin, GoType: basic}
		builtins[name] = bt
		return bt
	case types.Pointer:
		if p, ok := g.(*gotypes.Pointer); ok {
			if e := RealType(t.Elem, p.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Slice:
		if s, ok := g.(*gotypes.Slice); ok {
			if e := RealType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Array:
		if s, ok := g.(*gotypes.Array); ok {
			if e := RealType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Map:
		if m, ok := g.(*gotypes.Map); ok {
			k, e := RealType(t.Key, m.Key()), RealType(t.Elem, m.Elem())
			if k != t.Key || e != t.Elem {
				c := *t
				c.Key, c.Elem = k, e
				return &c
			}
		}
	}
	return t
}

// BuiltinKind classifies a builtin type's name as "string", "bool",
// "float" or "int" (every integer type).
func BuiltinKind(n string) string {
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

// Deref is the type a pointer type points to, or t itself.
func Deref(t *types.Type) *types.Type {
	if t.Kind == types.Pointer {
		return t.Elem
	}
	return t
}

// MemberType is the type of member mem of struct t, with gengo's folding
// of int8, uint8 and byte undone (realType).
func MemberType(t *types.Type, mem types.Member) *types.Type {
	return RealType(mem.Type, FieldType(t, mem.Name))
}

// UnvalidatableKind says what a named type is when it holds nothing the
// generator can validate (and so gets no function): an interface, a func,
// a channel or a named pointer (generic types and aliases are reported
// from the comment index: untaggableTags). It is "" for structs and
// typedefs of strings, numbers, bools, lists and maps.
func UnvalidatableKind(t *types.Type) string {
	r := t
	if r.Kind == types.Alias && r.Underlying != nil {
		r = Resolve(r)
	}
	switch r.Kind {
	case types.Interface:
		return "an interface type"
	case types.Func:
		return "a func type"
	case types.Chan:
		return "a channel type"
	case types.Pointer:
		if t.Kind == types.Pointer {
			return "a named pointer type"
		}
	case types.Unsupported:
		return "a type of an unsupported kind"
	}
	if t.Kind == types.Alias && t.Underlying == nil {
		return "a type whose underlying type is unknown"
	}
	return ""
}

// UnsupportedValue says what a value of type t is when no tag can apply
// to it: a fixed-size array (JSON has no fixed-size lists, and Kubernetes
// APIs use slices), a func or a channel (JSON cannot encode them). It is
// "" for every other type.
// fix says what to do instead.
func UnsupportedValue(t *types.Type) (what, fix string) {
	r := Resolve(Deref(t))
	if r.Kind == types.Array {
		return "a fixed-size array (" + TypeString(t) + ")", "use a slice, which JSON and Kubernetes APIs have, or remove the tag"
	}
	what = UnencodableKind(r)
	switch {
	case what == "":
		return "", ""
	case r.Kind == types.Unsupported && r.Name.Name != "Pointer":
		return what, "JSON cannot encode a complex number: use two float64 fields or a string, or tag the field json:\"-\" and remove the tag"
	}
	return what, "JSON cannot encode " + what + ": tag the field json:\"-\" and remove the tag"
}

// UnencodableKind says what a value of resolved type r is when
// encoding/json cannot encode one: a func, a channel, a complex number or
// an unsafe.Pointer (gengo's kind Unsupported); "" for any other.
func UnencodableKind(r *types.Type) string {
	switch r.Kind {
	case types.Func:
		return "a func"
	case types.Chan:
		return "a channel"
	case types.Unsupported:
		if r.Name.Name == "Pointer" {
			return "an unsafe.Pointer"
		}
		return "a complex number (" + r.Name.Name + ")"
	}
	return ""
}

// InvalidType reports a type Go's type checker could not resolve (an
// undefined name, or a compile error): gengo names it "invalid type".
func InvalidType(g gotypes.Type) bool {
	if g == nil {
		return false
	}
	invalid := false
	var walk func(gotypes.Type, int)
	walk = func(g gotypes.Type, depth int) {
		if depth > 8 || invalid {
			return
		}
		switch x := g.(type) {
		case *gotypes.Basic:
			invalid = x.Kind() == gotypes.Invalid
		case *gotypes.Pointer:
			walk(x.Elem(), depth+1)
		case *gotypes.Slice:
			walk(x.Elem(), depth+1)
		case *gotypes.Array:
			walk(x.Elem(), depth+1)
		case *gotypes.Map:
			walk(x.Key(), depth+1)
			walk(x.Elem(), depth+1)
		}
	}
	walk(g, 0)
	return invalid
}

// GenericInstance names the instance of a generic type that a value of
// type t holds, through pointers, slices, arrays and maps; "" if none.
// gengo folds every instance of G into one type G[T] whose members have
// the parameter's type, so code written from it cannot name the instance
// nor reach what it holds.
func GenericInstance(t gotypes.Type, pkg string) string {
	for t != nil {
		switch x := t.(type) {
		case *gotypes.Named:
			if x.TypeArgs().Len() > 0 {
				return gotypes.TypeString(x, func(p *gotypes.Package) string {
					if p.Path() == pkg {
						return ""
					}
					return p.Name()
				})
			}
			return ""
		case *gotypes.Alias:
			t = gotypes.Unalias(x)
		case *gotypes.Pointer:
			t = x.Elem()
		case *gotypes.Slice:
			t = x.Elem()
		case *gotypes.Array:
			t = x.Elem()
		case *gotypes.Map:
			if s := GenericInstance(x.Key(), pkg); s != "" {
				return s
			}
			t = x.Elem()
		default:
			return ""
		}
	}
	return ""
}

// Unencodable says what a value of type t holds, through pointers,
// slices, arrays and maps, that encoding/json cannot encode: a func, a
// channel, a complex number or an unsafe.Pointer; "" if nothing. Named
// types of other kinds are not walked (their fields are checked where they
// are declared).
func Unencodable(t *types.Type) string {
	for depth := 0; t != nil && depth < 32; depth++ {
		if t.Kind == types.Alias && t.Underlying != nil {
			t = t.Underlying
			continue
		}
		if what := UnencodableKind(t); what != "" {
			return what
		}
		switch t.Kind {
		case types.Pointer, types.Slice, types.Array:
			t = t.Elem
		case types.Map:
			if s := Unencodable(t.Key); s != "" {
				return s
			}
			t = t.Elem
		default:
			return ""
		}
	}
	return ""
}

// MultiPointer reports whether a value of type t holds, through slices,
// arrays and maps, a pointer to a pointer (**T, or a named pointer to a
// pointer), which the generated code does not descend through.
func MultiPointer(t *types.Type) bool {
	for depth := 0; t != nil && depth < 32; depth++ {
		switch t.Kind {
		case types.Alias:
			t = t.Underlying
		case types.Pointer:
			e := t.Elem
			for e != nil && e.Kind == types.Alias {
				e = e.Underlying
			}
			if e != nil && e.Kind == types.Pointer {
				return true
			}
			t = t.Elem
		case types.Slice, types.Array:
			t = t.Elem
		case types.Map:
			if MultiPointer(t.Key) {
				return true
			}
			t = t.Elem
		default:
			return false
		}
	}
	return false
}

// ZeroJSON is the zero value of a builtin as encoding/json decodes
// it into an any: the table Kubernetes compares a default with.
func ZeroJSON(t *types.Type) (any, bool) {
	if t.Kind != types.Builtin {
		return nil, false
	}
	switch BuiltinKind(t.Name.Name) {
	case "string":
		return "", true
	case "bool":
		return false, true
	case "int", "uint", "float":
		return 0.0, true
	}
	return nil, false
}

// Nilable reports whether Kubernetes passes a value of type t to a custom
// function as it is (a pointer, list, map or interface) rather than as a
// pointer to it.
func Nilable(t gotypes.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *gotypes.Pointer, *gotypes.Slice, *gotypes.Map, *gotypes.Interface:
		return true
	}
	return false
}

// ValidatorSignature reports whether sig is the signature of a validation
// function of a value of type value, which generated code calls:
// func(context.Context, operation.Operation, *field.Path, value, value) field.ErrorList.
func ValidatorSignature(sig *gotypes.Signature, value gotypes.Type) bool {
	if sig.Variadic() || sig.Params().Len() != 5 || sig.Results().Len() != 1 || sig.Recv() != nil {
		return false
	}
	named := func(t gotypes.Type, pkg, name string) bool {
		n, ok := gotypes.Unalias(t).(*gotypes.Named)
		return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg
	}
	p := sig.Params()
	path, ok := p.At(2).Type().(*gotypes.Pointer)
	return named(p.At(0).Type(), "context", "Context") &&
		named(p.At(1).Type(), "k8s.io/apimachinery/pkg/api/operation", "Operation") &&
		ok && named(path.Elem(), "k8s.io/apimachinery/pkg/util/validation/field", "Path") &&
		value != nil && gotypes.Identical(p.At(3).Type(), value) && gotypes.Identical(p.At(4).Type(), value) &&
		named(sig.Results().At(0).Type(), "k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")
}

// TypeText writes t as a declaration in the output package would, each
// package by its name.
func TypeText(t gotypes.Type) string {
	if t == nil {
		return "?"
	}
	return gotypes.TypeString(t, func(p *gotypes.Package) string { return p.Name() })
}
