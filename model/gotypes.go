package model

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

// jsonOf reads a member's json tag: its name, whether it is inlined and
// whether it is skipped.
func jsonOf(m types.Member) (name string, inline, skip bool) {
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

// jsonNamed reports whether a member's json tag names it.
func jsonNamed(m types.Member) bool {
	tag, _ := reflect.StructTag(m.Tags).Lookup("json")
	name, _, _ := strings.Cut(tag, ",")
	return name != "" && name != "-"
}

func pathBase(p string) string {
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
		return pathBase(t.Name.Package) + "." + t.Name.Name
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
		return pathBase(t.Name.Package) + "." + t.Name.Name
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

// goFieldType is the go/types type of a struct's field, or nil.
func goFieldType(t *types.Type, name string) gotypes.Type {
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

// realType corrects gengo's builtins, which fold int8, uint8 and byte into
// one "byte" type, using the go/types type of the same value: the range of
// +k8s:minimum and the types in generated code depend on it.
func realType(t *types.Type, g gotypes.Type) *types.Type {
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
			if e := realType(t.Elem, p.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Slice:
		if s, ok := g.(*gotypes.Slice); ok {
			if e := realType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Array:
		if s, ok := g.(*gotypes.Array); ok {
			if e := realType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Map:
		if m, ok := g.(*gotypes.Map); ok {
			k, e := realType(t.Key, m.Key()), realType(t.Elem, m.Elem())
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
	return realType(mem.Type, goFieldType(t, mem.Name))
}

// unvalidatableKind says what a named type is when it holds nothing the
// generator can validate (and so gets no function): an interface, a func,
// a channel or a named pointer (generic types and aliases are reported
// from the comment index: untaggableTags). It is "" for structs and
// typedefs of strings, numbers, bools, lists and maps.
func unvalidatableKind(t *types.Type) string {
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

// unsupportedValue says what a value of type t is when no tag can apply
// to it: a fixed-size array (JSON has no fixed-size lists, and Kubernetes
// APIs use slices), a func or a channel (JSON cannot encode them). It is
// "" for every other type.
// fix says what to do instead.
func unsupportedValue(t *types.Type) (what, fix string) {
	r := Resolve(Deref(t))
	if r.Kind == types.Array {
		return "a fixed-size array (" + TypeString(t) + ")", "use a slice, which JSON and Kubernetes APIs have, or remove the tag"
	}
	what = unencodableKind(r)
	switch {
	case what == "":
		return "", ""
	case r.Kind == types.Unsupported && r.Name.Name != "Pointer":
		return what, "JSON cannot encode a complex number: use two float64 fields or a string, or tag the field json:\"-\" and remove the tag"
	}
	return what, "JSON cannot encode " + what + ": tag the field json:\"-\" and remove the tag"
}

// unencodableKind says what a value of resolved type r is when
// encoding/json cannot encode one: a func, a channel, a complex number or
// an unsafe.Pointer (gengo's kind Unsupported); "" for any other.
func unencodableKind(r *types.Type) string {
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

// invalidType reports a type Go's type checker could not resolve (an
// undefined name, or a compile error): gengo names it "invalid type".
func invalidType(g gotypes.Type) bool {
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

// genericInstance names the instance of a generic type that a value of
// type t holds, through pointers, slices, arrays and maps; "" if none.
// gengo folds every instance of G into one type G[T] whose members have
// the parameter's type, so code written from it cannot name the instance
// nor reach what it holds.
func genericInstance(t gotypes.Type, pkg string) string {
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
			if s := genericInstance(x.Key(), pkg); s != "" {
				return s
			}
			t = x.Elem()
		default:
			return ""
		}
	}
	return ""
}

// unencodable says what a value of type t holds, through pointers,
// slices, arrays and maps, that encoding/json cannot encode: a func, a
// channel, a complex number or an unsafe.Pointer; "" if nothing. Named
// types of other kinds are not walked (their fields are checked where they
// are declared).
func unencodable(t *types.Type) string {
	for depth := 0; t != nil && depth < 32; depth++ {
		if t.Kind == types.Alias && t.Underlying != nil {
			t = t.Underlying
			continue
		}
		if what := unencodableKind(t); what != "" {
			return what
		}
		switch t.Kind {
		case types.Pointer, types.Slice, types.Array:
			t = t.Elem
		case types.Map:
			if s := unencodable(t.Key); s != "" {
				return s
			}
			t = t.Elem
		default:
			return ""
		}
	}
	return ""
}

// multiPointer reports whether a value of type t holds, through slices,
// arrays and maps, a pointer to a pointer (**T, or a named pointer to a
// pointer), which the generated code does not descend through.
func multiPointer(t *types.Type) bool {
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
			if multiPointer(t.Key) {
				return true
			}
			t = t.Elem
		default:
			return false
		}
	}
	return false
}
