package runtime

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
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
		if sameJSON(a, b) {
			// Equal Go values write the same JSON: no need to write it
			// (twice, allocating) to find that out on a valid update.
			return true
		}
		if equal, known := knownJSONEqual(a, b, t, plain); known {
			// Told apart without writing the JSON: a changed value of
			// an update allocates nothing either.
			return equal
		}
		ja, err1 := json.Marshal(addr(a).Interface())
		jb, err2 := json.Marshal(addr(b).Interface())
		if !plain && isRawOrPointer(t) && nonEmptyObject(ja) {
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
		if m, ok := stringMap(a); ok {
			// MapRange copies every string key and value to the heap.
			o, _ := stringMap(b)
			for k, v := range m {
				if w, ok := o[k]; !ok || w != v {
					return false
				}
			}
			return true
		}
		if equal, ok := scalarMapEqual(a, b); ok {
			return equal
		}
		if eq, ok := plainMaps.Load(t); ok {
			return eq.(func(a, b unsafe.Pointer) bool)(a.UnsafePointer(), b.UnsafePointer())
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
			var registered any
			if !plain {
				registered, _ = registeredFields.Load(registeredField{t, f.name})
			}
			switch r := registered.(type) {
			case []Key:
				if !listMapEqual(fa, fb, r) {
					return false
				}
				continue
			case opaque:
				if objectWithProperty(fa) {
					// A schema that describes none of its fields: the
					// server cannot correlate them (RegisterOpaque).
					return false
				}
			}
			if !jsonEqual(fa, fb, plain) {
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
			if p, known := presentKnown(v); known {
				return p
			}
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

// registeredField names a field generated code registered (a list-map,
// an opaque field): the struct type holding it and its JSON name.
type registeredField struct {
	t    reflect.Type
	name string
}

// registeredFields are what generated code registered of its fields: a
// list-map's keys, or opaque{}.
var registeredFields sync.Map // registeredField -> []Key or opaque

// RegisterListMap records that the field of T with JSON name field is a
// list-map keyed by the fields of its items with JSON names keys. Generated
// validators register their list-maps, so that JSONEqual compares them as
// the server's ratcheting does.
func RegisterListMap[T any](field string, keys ...Key) {
	registeredFields.Store(registeredField{reflect.TypeFor[T](), field}, keys)
}

// opaque marks a field RegisterOpaque registered.
type opaque struct{}

// RegisterOpaque records that the schema of the field of T with JSON name
// field describes none of its fields: +kubebuilder:validation:Schemaless
// with unknown fields kept on a field of a Go struct type (OpenKruise's
// pod templates). The server's ratcheting cannot correlate the fields of
// an object there and counts a non-empty one as changed, with every
// object above it, as it does raw content (apiextensions JSON); so does
// JSONEqual.
func RegisterOpaque[T any](field string) {
	registeredFields.Store(registeredField{reflect.TypeFor[T](), field}, opaque{})
}

// objectWithProperty reports whether v's JSON is an object with a
// property: a struct that writes a field, a map with a key, raw content
// of such an object.
func objectWithProperty(v reflect.Value) bool {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	if isRaw(v.Type()) {
		raw, ok := rawText(v)
		return ok && nonEmptyObject(raw)
	}
	switch v.Kind() {
	case reflect.Map:
		return v.Len() > 0
	case reflect.Struct:
		for _, f := range jsonFields(v.Type()) {
			fv := v.FieldByIndex(f.index)
			if present(fv, f.omitEmpty) && !(f.omitZero && isZero(fv)) {
				return true
			}
		}
	}
	return false
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
		// A pointer into the cached fields: the address of a loop
		// variable would be a heap copy per key and item compared.
		var f *jsonField
		fields := jsonFields(a.Type())
		for i := range fields {
			if fields[i].name == k.Name {
				f = &fields[i]
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

// presentKnown is present for the apimachinery types that write their own
// JSON, read from what their MarshalJSON writes null for, without writing
// it (which allocates, on every update, for every such field).
func presentKnown(v reflect.Value) (present, known bool) {
	switch x := addr(v).Interface().(type) {
	case *metav1.Time:
		return !x.IsZero(), true
	case *metav1.MicroTime:
		return !x.IsZero(), true
	case *metav1.Duration, *intstr.IntOrString, *resource.Quantity:
		return true, true
	case *k8sruntime.RawExtension:
		// MarshalJSON writes Raw, which encoding/json compacts (the
		// text null, white space around it or not, is null) or fails
		// on (written: an error counts as present). Only writing tells
		// for Object, and for CBOR, which it converts.
		if x.Object == nil && !bytes.HasPrefix(x.Raw, cborSelfDescribed) {
			return x.Raw != nil && !isJSONNull(x.Raw), true
		}
	}
	return false, false
}

// cborSelfDescribed starts CBOR in a RawExtension (RFC 8949's
// self-described CBOR tag, as apimachinery's runtime looks for it).
var cborSelfDescribed = []byte{0xd9, 0xd9, 0xf7}

// isJSONNull reports whether b is the JSON null, with JSON's white space
// (only) around it.
func isJSONNull(b []byte) bool {
	i, j := 0, len(b)
	for i < j && isJSONSpace(b[i]) {
		i++
	}
	for j > i && isJSONSpace(b[j-1]) {
		j--
	}
	return string(b[i:j]) == "null"
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// knownJSONEqual compares values of the apimachinery types that write
// their own JSON as jsonEqual does by writing it, without writing it:
// metav1.Time (RFC 3339 in UTC, to the second; null when zero),
// metav1.Duration (its String), an IntOrString of a known Type (its
// number or its string), and raw JSON text (apiextensions JSON, a
// RawExtension without an Object) that is valid JSON: encoding/json
// writes it compacted, so equal texts write the same JSON, and whether it
// is a non-empty object does not depend on the compaction. known is false
// when only writing the JSON tells (different raw texts may compact to
// the same).
func knownJSONEqual(a, b reflect.Value, t reflect.Type, plain bool) (equal, known bool) {
	if ra, ok := rawText(a); ok {
		rb, ok := rawText(b)
		if !ok {
			return false, false
		}
		if !plain && isRawOrPointer(t) && nonEmptyObject(ra) {
			return false, true
		}
		if bytes.Equal(ra, rb) {
			return true, true
		}
		return compactEqual(ra, rb)
	}
	for a.Kind() == reflect.Pointer {
		if a.IsNil() || b.IsNil() {
			// A nil pointer writes null, and so may a non-nil one.
			return false, false
		}
		a, b = a.Elem(), b.Elem()
	}
	if !a.CanAddr() || !b.CanAddr() {
		return false, false
	}
	switch x := a.Addr().Interface().(type) {
	case *metav1.Time:
		y := b.Addr().Interface().(*metav1.Time)
		if x.IsZero() || y.IsZero() {
			return x.IsZero() == y.IsZero(), true
		}
		return x.Unix() == y.Unix(), true
	case *metav1.Duration:
		return x.Duration == b.Addr().Interface().(*metav1.Duration).Duration, true
	case *intstr.IntOrString:
		y := b.Addr().Interface().(*intstr.IntOrString)
		known := func(t intstr.Type) bool { return t == intstr.Int || t == intstr.String }
		if !known(x.Type) || !known(y.Type) {
			return false, false // MarshalJSON fails
		}
		if x.Type != y.Type {
			return false, true
		}
		if x.Type == intstr.Int {
			return x.IntVal == y.IntVal, true
		}
		return x.StrVal == y.StrVal, true
	case *resource.Quantity:
		// A quantity writes its canonical string, which one parsed from
		// a canonical string keeps: no allocation then.
		return x.String() == b.Addr().Interface().(*resource.Quantity).String(), true
	}
	return false, false
}

// compactEqual compares two valid JSON texts as encoding/json writes
// them, compacted (whitespace outside strings dropped), without writing
// them. known is false where the texts differ inside a string at an
// escape or a character json.Marshal escapes (<, >, &, U+2028, U+2029):
// there the written forms may still be equal.
func compactEqual(a, b []byte) (equal, known bool) {
	inString := false
	i, j := 0, 0
	for {
		if !inString {
			for i < len(a) && isJSONSpace(a[i]) {
				i++
			}
			for j < len(b) && isJSONSpace(b[j]) {
				j++
			}
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b), true
		}
		c := a[i]
		if c != b[j] {
			if inString && (escapes(c) || escapes(b[j])) {
				return false, false
			}
			return false, true
		}
		switch {
		case inString && c == '\\':
			// An escape: the next byte is compared as it is, and the
			// same escape may write a character the other text has
			// raw.
			if i+1 == len(a) || j+1 == len(b) || a[i+1] != b[j+1] {
				return false, false
			}
			i, j = i+2, j+2
			continue
		case c == '"':
			inString = !inString
		}
		i, j = i+1, j+1
	}
}

// escapes reports whether json.Marshal may write c (a byte of a string)
// otherwise: an escape, a character it escapes, or the first byte of
// U+2028 and U+2029.
func escapes(c byte) bool {
	return c == '\\' || c == '<' || c == '>' || c == '&' || c == 0xE2
}

var nullJSON = []byte("null")

// rawText is the JSON text that v (apiextensions JSON or a RawExtension
// without an Object, or a pointer to one) writes before compaction, when
// it is valid JSON.
func rawText(v reflect.Value) ([]byte, bool) {
	if v.Kind() == reflect.Pointer {
		if !isAPIExtJSON(v.Type().Elem()) && v.Type().Elem() != rawExtensionType && v.Type().Elem() != rawMessageType {
			return nil, false
		}
		if v.IsNil() {
			return nullJSON, true
		}
		v = v.Elem()
	}
	var raw []byte
	switch {
	case isAPIExtJSON(v.Type()):
		// MarshalJSON writes Raw, null when empty.
		raw = v.FieldByName("Raw").Bytes()
		if len(raw) == 0 {
			return nullJSON, true
		}
	case v.Type() == rawMessageType:
		// MarshalJSON writes it, null when nil.
		raw = v.Bytes()
		if raw == nil {
			return nullJSON, true
		}
	case v.Type() == rawExtensionType:
		// MarshalJSON writes Raw, or Object, or null.
		if !v.FieldByName("Object").IsNil() {
			return nil, false
		}
		raw = v.FieldByName("Raw").Bytes()
		if raw == nil {
			return nullJSON, true
		}
	default:
		return nil, false
	}
	if !json.Valid(raw) {
		return nil, false
	}
	return raw, true
}

var rawExtensionType = reflect.TypeFor[k8sruntime.RawExtension]()

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// isAPIExtJSON reports whether t is apiextensions' JSON (of v1 or
// v1beta1: a struct of Raw []byte, whose MarshalJSON writes Raw, null
// when empty), named so that the runtime does not import apiextensions.
func isAPIExtJSON(t reflect.Type) bool {
	return t.Name() == "JSON" && strings.HasPrefix(t.PkgPath(), "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/") &&
		t.Kind() == reflect.Struct && t.NumField() == 1 && t.Field(0).Name == "Raw" && t.Field(0).Type == bytesType
}

// scalarMapEqual compares maps from a string kind to a number or bool
// kind, neither writing its own JSON, as jsonEqual does (==), without
// reflect.MapIter's heap copies of each key and value: such a map has the
// layout and hashing of the map of the underlying types. ok is false for
// other maps.
func scalarMapEqual(a, b reflect.Value) (equal, ok bool) {
	t := a.Type()
	if t.Key().Kind() != reflect.String || ownJSON(t.Key()) || ownJSON(t.Elem()) {
		return false, false
	}
	pa, pb := a.UnsafePointer(), b.UnsafePointer()
	switch t.Elem().Kind() {
	case reflect.Bool:
		return sameMap[bool](pa, pb), true
	case reflect.Int:
		return sameMap[int](pa, pb), true
	case reflect.Int8:
		return sameMap[int8](pa, pb), true
	case reflect.Int16:
		return sameMap[int16](pa, pb), true
	case reflect.Int32:
		return sameMap[int32](pa, pb), true
	case reflect.Int64:
		return sameMap[int64](pa, pb), true
	case reflect.Uint:
		return sameMap[uint](pa, pb), true
	case reflect.Uint8:
		return sameMap[uint8](pa, pb), true
	case reflect.Uint16:
		return sameMap[uint16](pa, pb), true
	case reflect.Uint32:
		return sameMap[uint32](pa, pb), true
	case reflect.Uint64:
		return sameMap[uint64](pa, pb), true
	case reflect.Float32:
		return sameMap[float32](pa, pb), true
	case reflect.Float64:
		return sameMap[float64](pa, pb), true
	}
	return false, false
}

func sameMap[V comparable](pa, pb unsafe.Pointer) bool {
	ma, mb := *(*map[string]V)(unsafe.Pointer(&pa)), *(*map[string]V)(unsafe.Pointer(&pb))
	for k, v := range ma {
		if w, ok := mb[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// stringMap is v as a map[string]string when v is a map from a string
// kind to a string kind that writes its own JSON as a string does (no
// MarshalJSON or MarshalText): such a map type has the layout and hashing
// of map[string]string, so it can be ranged over without copying each key
// and value to the heap as reflect.MapIter does.
func stringMap(v reflect.Value) (map[string]string, bool) {
	t := v.Type()
	if t.Key().Kind() != reflect.String || t.Elem().Kind() != reflect.String || ownJSON(t.Key()) || ownJSON(t.Elem()) {
		return nil, false
	}
	p := v.UnsafePointer()
	return *(*map[string]string)(unsafe.Pointer(&p)), true
}

func ownJSON(t reflect.Type) bool {
	return t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)
}

// sameJSON reports, without writing it, that a and b (of a type that
// writes its own JSON) write the same JSON, when their Go values are equal
// below pointers: false means only that the JSON must be compared. Raw JSON
// is never taken as the same here (jsonEqual counts a non-empty object as
// changed), but for two empty RawExtensions, which write null.
func sameJSON(a, b reflect.Value) bool {
	for a.Kind() == reflect.Pointer {
		if a.IsNil() || b.IsNil() {
			return a.IsNil() && b.IsNil() // both write null
		}
		a, b = a.Elem(), b.Elem()
	}
	if a.CanAddr() && b.CanAddr() {
		if x, ok := a.Addr().Interface().(*k8sruntime.RawExtension); ok {
			y := b.Addr().Interface().(*k8sruntime.RawExtension)
			return x.Raw == nil && x.Object == nil && y.Raw == nil && y.Object == nil
		}
	}
	return !isRaw(a.Type()) && plainComparable(a.Type()) && a.Equal(b)
}

var comparableCache sync.Map // reflect.Type -> bool

// plainComparable reports whether == compares values of t without
// panicking: t is comparable and holds no interface (whose dynamic value
// may not be).
func plainComparable(t reflect.Type) bool {
	if c, ok := comparableCache.Load(t); ok {
		return c.(bool)
	}
	c := t.Comparable() && !holdsInterface(t)
	comparableCache.Store(t, c)
	return c
}

func holdsInterface(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Array:
		return holdsInterface(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsInterface(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
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
	// Cached: FieldByName allocates on a struct that embeds another
	// (metav1.Time), on every comparison of an update.
	if r, ok := rawCache.Load(t); ok {
		return r.(bool)
	}
	f, ok := t.FieldByName("Raw")
	r := ok && f.Type == bytesType
	rawCache.Store(t, r)
	return r
}

var rawCache sync.Map // reflect.Type -> bool

// isRawOrPointer is isRaw for t or, for a pointer, what it points to: the
// server reads the same JSON from a field of either.
func isRawOrPointer(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return isRaw(t) || t == rawMessageType
}

// nonEmptyObject reports whether JSON text is an object with a property.
func nonEmptyObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' {
		return false
	}
	return len(bytes.TrimSpace(b[1:len(b)-1])) > 0
}
