package runtime

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
)

// JSONEqual reports whether a and b encode to the same JSON as the API
// server reads it: object keys in any order, a field left out
// (omitempty) or null (a nil pointer, list or map, which the server
// drops) the same as absent, a nil and an empty list or map different
// when encoding/json writes them differently. The server's ratcheting
// compares values so; equality.Semantic takes a nil list for an empty
// one even where one is absent from the JSON and the other is [].
func JSONEqual[T any](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return jsonEqual(reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem(), false)
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// jsonEqual compares a and b; plain is set below the items of a list
// that is not a list-map, which the server compares as a whole, without
// correlating the list-maps inside it.
func jsonEqual(a, b reflect.Value, plain bool) bool {
	t := a.Type()
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		ja, err1 := json.Marshal(addr(a).Interface())
		jb, err2 := json.Marshal(addr(b).Interface())
		if !plain && isRaw(t) && nonEmptyObject(ja) {
			// Raw JSON content (apiextensions JSON, a RawExtension)
			// has no properties in its schema: the server's ratcheting
			// cannot correlate the fields of an object in it and
			// counts a non-empty one as changed. Below a list that is
			// not a list-map the server compares the whole list by
			// value, so there it is compared by value too.
			return false
		}
		return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return jsonEqual(a.Elem(), b.Elem(), plain)
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !jsonEqual(a.Index(i), b.Index(i), true) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		it := a.MapRange()
		for it.Next() {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() || !jsonEqual(it.Value(), bv, plain) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for _, f := range jsonFields(t) {
			fa, fb := a.FieldByIndex(f.index), b.FieldByIndex(f.index)
			pa, pb := present(fa, f.omitEmpty) && !(f.omitZero && isZero(fa)), present(fb, f.omitEmpty) && !(f.omitZero && isZero(fb))
			if pa != pb {
				return false
			}
			if !pa {
				continue
			}
			if keys, ok := listMapKeys.Load(listMapField{t, f.name}); ok && !plain {
				if !listMapEqual(fa, fb, keys.([]Key)) {
					return false
				}
			} else if !jsonEqual(fa, fb, plain) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}

// addr is a pointer to v when it can be had (for methods on pointers).
func addr(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v.Addr()
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p
}

// present reports whether encoding/json writes a field with a value the
// server keeps (null is dropped).
func present(v reflect.Value, omitEmpty bool) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil()
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			return false
		}
		return !omitEmpty || v.Len() > 0
	case reflect.Struct:
		// A struct that writes its own JSON may write null (an empty
		// RawExtension), which the server drops.
		if v.Type().Implements(marshalerType) || reflect.PointerTo(v.Type()).Implements(marshalerType) {
			b, err := json.Marshal(addr(v).Interface())
			return err != nil || string(b) != "null"
		}
		return true
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return !omitEmpty || !v.IsZero()
	}
	return true
}

type jsonField struct {
	index               []int
	name                string // the JSON name
	omitEmpty, omitZero bool
}

// Key is a key field of a list-map items, by JSON name; Defaulted: its
// schema has a default, so the server reads it present when the Go value
// leaves it out.
type Key struct {
	Name      string
	Defaulted bool
}

// listMapField names a list-map: the struct type holding it and its JSON
// name.
type listMapField struct {
	t    reflect.Type
	name string
}

// listMapKeys are the keys of the list-maps generated code registered.
var listMapKeys sync.Map // listMapField -> []string

// RegisterListMap records that the field of T with JSON name field is a
// list-map keyed by the fields of its items with JSON names keys. Generated
// validators register their list-maps, so that JSONEqual compares them as
// the server's ratcheting does.
func RegisterListMap[T any](field string, keys ...Key) {
	listMapKeys.Store(listMapField{reflect.TypeFor[T](), field}, keys)
}

// listMapEqual compares two list-maps as the server's ratcheting does:
// each new item with the first old item of the same keys; an item
// without one of its keys, or without an old item, is a change.
func listMapEqual(a, b reflect.Value, keys []Key) bool {
	if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		item := a.Index(i)
		found := false
		for j := 0; j < b.Len(); j++ {
			if same, ok := sameKeys(item, b.Index(j), keys); !ok {
				return false
			} else if same {
				if !jsonEqual(item, b.Index(j), false) {
					return false
				}
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sameKeys reports whether two list-map items have the same keys; ok is
// false when the new item lacks one.
func sameKeys(a, b reflect.Value, keys []Key) (same, ok bool) {
	for a.Kind() == reflect.Pointer {
		if a.IsNil() || b.IsNil() {
			return false, !a.IsNil()
		}
		a, b = a.Elem(), b.Elem()
	}
	if a.Kind() != reflect.Struct {
		return false, false
	}
	same = true
	for _, k := range keys {
		var f *jsonField
		for _, x := range jsonFields(a.Type()) {
			if x.name == k.Name {
				f = &x
				break
			}
		}
		if f == nil {
			return false, false
		}
		fa, fb := a.FieldByIndex(f.index), b.FieldByIndex(f.index)
		// A key with a default is present once the server defaulted
		// the item (the Go value left out is the default's zero value).
		pa := k.Defaulted || present(fa, f.omitEmpty)
		if !pa {
			return false, false
		}
		pb := k.Defaulted || present(fb, f.omitEmpty)
		if !pb || !jsonEqual(fa, fb, true) {
			same = false
		}
	}
	return same, true
}

var fieldCache sync.Map // reflect.Type -> []jsonField

// jsonFields are the fields encoding/json writes for a struct type, with
// embedded structs' fields flattened.
func jsonFields(t reflect.Type) []jsonField {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]jsonField)
	}
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" || (!sf.IsExported() && !sf.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				// An embedded pointer: compared as a whole.
				out = append(out, jsonField{index: []int{i}, omitEmpty: true})
				continue
			}
			if ft.Kind() == reflect.Struct {
				for _, inner := range jsonFields(ft) {
					out = append(out, jsonField{index: append([]int{i}, inner.index...), name: inner.name, omitEmpty: inner.omitEmpty, omitZero: inner.omitZero})
				}
				continue
			}
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, jsonField{index: []int{i}, name: name, omitEmpty: strings.Contains(","+opts+",", ",omitempty,"),
			omitZero: strings.Contains(","+opts+",", ",omitzero,")})
	}
	fieldCache.Store(t, out)
	return out
}

// OldListMapItem is the item of the old list-map (nil: none) the server
// correlates with item: the first with the same keys (JSON names keys),
// none when item lacks one of its keys.
func OldListMapItem[S ~[]E, E any](old *S, item *E, keys ...Key) *E {
	if old == nil {
		return nil
	}
	v := reflect.ValueOf(item).Elem()
	for i := range *old {
		same, ok := sameKeys(v, reflect.ValueOf(&(*old)[i]).Elem(), keys)
		if !ok {
			return nil
		}
		if same {
			return &(*old)[i]
		}
	}
	return nil
}

// UnchangedListMap is Unchanged for a list-map keyed by the fields with
// JSON names keys, compared as the server's ratcheting compares it.
func UnchangedListMap[S ~[]E, E any](v, old *S, keys ...Key) bool {
	if old == nil || v == nil {
		return false
	}
	return listMapEqual(reflect.ValueOf(v).Elem(), reflect.ValueOf(old).Elem(), keys)
}

// IsZero reports whether encoding/json leaves out a field of v's type
// tagged omitzero: by the type's IsZero method when it has one, else when
// v is its type's zero value.
func IsZero[T any](v *T) bool {
	return isZero(reflect.ValueOf(v).Elem())
}

type isZeroer interface{ IsZero() bool }

func isZero(v reflect.Value) bool {
	if z, ok := v.Interface().(isZeroer); ok {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	if v.CanAddr() {
		if z, ok := v.Addr().Interface().(isZeroer); ok {
			return z.IsZero()
		}
	}
	return v.IsZero()
}

// PropertyCount is how many properties the JSON of struct v has, as
// minProperties and maxProperties count them.
func PropertyCount[T any](v *T) int {
	rv := reflect.ValueOf(v).Elem()
	n := 0
	for _, f := range jsonFields(rv.Type()) {
		fv := rv.FieldByIndex(f.index)
		if present(fv, f.omitEmpty) && !(f.omitZero && isZero(fv)) {
			n++
		}
	}
	return n
}

// RawNull reports whether raw JSON (a RawExtension's, an apiextensions
// JSON's) is written as null: empty, or null itself.
func RawNull(raw []byte) bool {
	return len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null"
}

var bytesType = reflect.TypeFor[[]byte]()

// isRaw reports whether t holds raw JSON content: a struct with a Raw
// []byte field, as apiextensions JSON and RawExtension are.
func isRaw(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	f, ok := t.FieldByName("Raw")
	return ok && f.Type == bytesType
}

// nonEmptyObject reports whether JSON text is an object with a property.
func nonEmptyObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' {
		return false
	}
	return len(bytes.TrimSpace(b[1:len(b)-1])) > 0
}
