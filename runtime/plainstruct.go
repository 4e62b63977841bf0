package runtime

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"
)

// A plain struct has only exported scalar fields (strings, numbers,
// bools), each written to JSON under its name, none writing its own
// JSON: two such values write the same JSON, as the server reads it,
// exactly when == holds (an omitempty field left out is its zero value on
// both sides; -0 and 0 read alike). Generated code compares them with ==,
// without reflection: JSONEqual's reflection keeps the values it compares,
// which moves a map value's local copy to the heap on every check.

// RegisterPlainStruct checks, when the generated code starts, that T is a
// plain struct, which the generator decided from the source: a type that
// is not (a field added since, through a type alias) stops the program
// with the reason rather than compare wrongly.
func RegisterPlainStruct[T comparable]() {
	if why := notPlain(reflect.TypeFor[T]()); why != "" {
		panic(fmt.Sprintf("validation-gen: %v is compared with == but %s: regenerate the validation", reflect.TypeFor[T](), why))
	}
}

func notPlain(t reflect.Type) string {
	if t.Kind() != reflect.Struct {
		return "is not a struct"
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Anonymous || f.Tag.Get("json") == "-" {
			return fmt.Sprintf("its field %s is not written to JSON under its own name", f.Name)
		}
		if ownJSON(f.Type) {
			return fmt.Sprintf("its field %s writes its own JSON", f.Name)
		}
		switch f.Type.Kind() {
		case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		default:
			return fmt.Sprintf("its field %s is a %s", f.Name, f.Type.Kind())
		}
	}
	return ""
}

// UnchangedPlain is Unchanged for a plain struct (RegisterPlainStruct).
func UnchangedPlain[T comparable](v, old *T) bool { return old != nil && *v == *old }

// CountTrue is how many of present hold: a plain struct's PropertyCount,
// with the generated code saying which of its fields are written.
func CountTrue(present ...bool) int {
	n := 0
	for _, p := range present {
		if p {
			n++
		}
	}
	return n
}

// plainMaps are the maps of plain structs, by type, with the function
// comparing two of them (as unsafe pointers to their map headers).
var plainMaps sync.Map // reflect.Type -> func(a, b unsafe.Pointer) bool

// RegisterPlainMap lets JSONEqual compare maps of type M, of plain struct
// values, without reflect.MapIter, which copies each key and value to the
// heap: the comparisons of every update that holds such a map. Its keys
// are strings, or write themselves as text (MarshalText), which keys of
// equal Go values do alike, as JSONEqual's reflection compares them too.
func RegisterPlainMap[M ~map[K]V, K comparable, V comparable]() {
	RegisterPlainStruct[V]()
	if k := reflect.TypeFor[K](); k.Kind() == reflect.String && ownJSON(k) || k.Kind() != reflect.String && !textKey(k) {
		panic(fmt.Sprintf("validation-gen: %v is not a map from a string or a type with a MarshalText method", reflect.TypeFor[M]()))
	}
	plainMaps.Store(reflect.TypeFor[M](), func(pa, pb unsafe.Pointer) bool {
		a, b := *(*M)(unsafe.Pointer(&pa)), *(*M)(unsafe.Pointer(&pb))
		for k, v := range a {
			if w, ok := b[k]; !ok || w != v {
				return false
			}
		}
		return true
	})
}

// textKey reports whether encoding/json writes a map key of type t by its
// MarshalText (a key of a string kind it writes as it is).
func textKey(t reflect.Type) bool {
	return t.Kind() != reflect.String && (t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType))
}
