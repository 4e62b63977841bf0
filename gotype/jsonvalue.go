package gotype

import (
	"fmt"
	gotypes "go/types"
	"math"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"
)

// JSONMismatch says why encoding/json could not decode the JSON value v
// (as encoding/json decodes into any) into a Go value of type t, or ""
// when it could. A type that decodes itself (UnmarshalJSON or
// UnmarshalText: Quantity, IntOrString, Time, Duration) takes any value
// here. It is what a +default written for a field must pass: the server
// decodes it into the field as a client would.
func JSONMismatch(t gotypes.Type, v any) string {
	if t == nil || v == nil {
		return ""
	}
	if decodesItself(t) {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *gotypes.Pointer:
		return JSONMismatch(u.Elem(), v)
	case *gotypes.Interface:
		return ""
	case *gotypes.Basic:
		return basicMismatch(u, v)
	case *gotypes.Slice:
		if b, ok := u.Elem().Underlying().(*gotypes.Basic); ok && b.Kind() == gotypes.Byte {
			if _, ok := v.(string); !ok {
				return fmt.Sprintf("%s is a []byte, which JSON holds as a base64 string, not %s", goTypeName(t), jsonKind(v))
			}
			return ""
		}
		list, ok := v.([]any)
		if !ok {
			return fmt.Sprintf("%s is a list, not %s", goTypeName(t), jsonKind(v))
		}
		for i, x := range list {
			if why := JSONMismatch(u.Elem(), x); why != "" {
				return fmt.Sprintf("item %d: %s", i, why)
			}
		}
	case *gotypes.Array:
		if _, ok := v.([]any); !ok {
			return fmt.Sprintf("%s is a list, not %s", goTypeName(t), jsonKind(v))
		}
	case *gotypes.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s is a map, which JSON holds as an object, not %s", goTypeName(t), jsonKind(v))
		}
		for k, x := range obj {
			if why := JSONMismatch(u.Elem(), x); why != "" {
				return fmt.Sprintf("key %q: %s", k, why)
			}
		}
	case *gotypes.Struct:
		if _, ok := v.(map[string]any); !ok {
			return fmt.Sprintf("%s is a struct, which JSON holds as an object, not %s", goTypeName(t), jsonKind(v))
		}
	}
	return ""
}

func basicMismatch(b *gotypes.Basic, v any) string {
	info := b.Info()
	switch {
	case info&gotypes.IsString != 0:
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("%s is a string, not %s", b.Name(), jsonKind(v))
		}
	case info&gotypes.IsBoolean != 0:
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("%s is a bool, not %s", b.Name(), jsonKind(v))
		}
	case info&gotypes.IsInteger != 0:
		f, ok := v.(float64)
		if !ok {
			return fmt.Sprintf("%s is an integer, not %s", b.Name(), jsonKind(v))
		}
		if f != math.Trunc(f) {
			return fmt.Sprintf("%s is an integer, not %v", b.Name(), f)
		}
		lo, hi := intBounds(b)
		if f < lo || f > hi {
			return fmt.Sprintf("%v is out of range for %s", f, b.Name())
		}
	case info&gotypes.IsFloat != 0:
		if _, ok := v.(float64); !ok {
			return fmt.Sprintf("%s is a number, not %s", b.Name(), jsonKind(v))
		}
	}
	return ""
}

func intBounds(b *gotypes.Basic) (float64, float64) {
	switch b.Kind() {
	case gotypes.Int8:
		return math.MinInt8, math.MaxInt8
	case gotypes.Int16:
		return math.MinInt16, math.MaxInt16
	case gotypes.Int32:
		return math.MinInt32, math.MaxInt32
	case gotypes.Uint8:
		return 0, math.MaxUint8
	case gotypes.Uint16:
		return 0, math.MaxUint16
	case gotypes.Uint32:
		return 0, math.MaxUint32
	case gotypes.Uint, gotypes.Uint64, gotypes.Uintptr:
		return 0, math.MaxUint64
	}
	return math.MinInt64, math.MaxInt64
}

// jsonKind names the JSON kind of a value encoding/json decoded.
func jsonKind(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%v", v)
}

// decodesItself reports whether a value of type t (or its pointer)
// decodes JSON with its own method.
func decodesItself(t gotypes.Type) bool {
	for _, typ := range []gotypes.Type{t, gotypes.NewPointer(t)} {
		ms := gotypes.NewMethodSet(typ)
		if ms.Lookup(nil, "UnmarshalJSON") != nil || ms.Lookup(nil, "UnmarshalText") != nil {
			return true
		}
	}
	return false
}

// goTypeName is a go/types type as written in its package: v1.Foo.
func goTypeName(t gotypes.Type) string {
	return gotypes.TypeString(t, func(p *gotypes.Package) string { return p.Name() })
}

// Quoted says what a field tagged json:",string" is when encoding/json
// then writes it as a JSON string although its Go type is a number or a
// bool (or a pointer to one): "number" or "bool"; "" otherwise. Every
// schema read from the Go type (a CRD's integer, OpenAPI's) then
// describes a value no client sends.
func Quoted(m types.Member, gt gotypes.Type) string {
	if gt == nil || !slices.Contains(jsonOptions(m), "string") {
		return ""
	}
	if p, ok := gt.(*gotypes.Pointer); ok {
		gt = p.Elem()
	}
	b, ok := gt.Underlying().(*gotypes.Basic)
	switch {
	case !ok:
		return ""
	case b.Info()&gotypes.IsBoolean != 0:
		return "bool"
	case b.Info()&gotypes.IsNumeric != 0:
		return "number"
	}
	return ""
}

// MayOmit reports whether encoding/json can leave a field of Go type gt
// out of an object: with omitzero, or with omitempty unless it is a
// struct value (which omitempty never leaves out).
func MayOmit(m types.Member, gt gotypes.Type) bool {
	opts := jsonOptions(m)
	if slices.Contains(opts, "omitzero") {
		return true
	}
	if !slices.Contains(opts, "omitempty") {
		return false
	}
	if gt == nil {
		return true
	}
	_, isStruct := gt.Underlying().(*gotypes.Struct)
	return !isStruct
}

// jsonOptions are the options of a member's json tag (after its name).
func jsonOptions(m types.Member) []string {
	tag, _ := reflect.StructTag(m.Tags).Lookup("json")
	_, opts, _ := strings.Cut(tag, ",")
	return strings.Split(opts, ",")
}
