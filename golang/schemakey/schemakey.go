// Package schemakey encodes a CRD schema canonically, for the generators
// that share one function between the nodes whose schemas are the same.
package schemakey

import (
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Of is s's canonical encoding: every field of s and of the schemas below
// it. Two schemas with the same key have the same JSON (the key is finer:
// it tells a nil list from an empty one).
// It walks the schema by reflection, so that a field apiextensions adds
// is part of the key without a change here; encoding/json was the
// obvious way, but each level's MarshalJSON re-encodes and compacts all
// below it, which made the keys the largest cost of emitting a
// kubebuilder package's validators.
func Of(s *apiextv1.JSONSchemaProps) string {
	if s == nil {
		return "" // no schema's key is empty
	}
	var b strings.Builder
	writeKey(&b, reflect.ValueOf(s).Elem(), false)
	return b.String()
}

// Checks is the key of what of s the Go checks read: Of without the
// documentation and CEL rules of s and below (the rules are compiled per
// kind).
func Checks(s *apiextv1.JSONSchemaProps) string {
	if s == nil {
		return "" // no schema's key is empty
	}
	var b strings.Builder
	writeKey(&b, reflect.ValueOf(s).Elem(), true)
	return b.String()
}

var (
	schemaType = reflect.TypeFor[apiextv1.JSONSchemaProps]()
	// notChecked are the JSONSchemaProps fields the Go checks do not
	// read.
	notChecked = func() []bool {
		skip := make([]bool, schemaType.NumField())
		for _, name := range []string{"Description", "Title", "Example", "ExternalDocs", "XValidations"} {
			f, ok := schemaType.FieldByName(name)
			if !ok {
				panic("apiextensions JSONSchemaProps has no field " + name)
			}
			skip[f.Index[0]] = true
		}
		return skip
	}()
)

// writeKey appends v's canonical encoding: each value starts with what
// tells it from the values of the same type (a length, a nil mark), so
// that two encodings are equal only for equal values.
func writeKey(b *strings.Builder, v reflect.Value, checks bool) {
	var n [8]byte
	putUint := func(u uint64) {
		binary.LittleEndian.PutUint64(n[:], u)
		b.Write(n[:])
	}
	switch v.Kind() {
	case reflect.Struct:
		skip := checks && v.Type() == schemaType
		for i := range v.NumField() {
			if skip && notChecked[i] {
				continue
			}
			writeKey(b, v.Field(i), checks)
		}
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteByte(0)
			return
		}
		b.WriteByte(1)
		writeKey(b, v.Elem(), checks)
	case reflect.Slice:
		if v.IsNil() {
			b.WriteByte(0)
			return
		}
		b.WriteByte(1)
		putUint(uint64(v.Len()))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b.Write(v.Bytes())
			return
		}
		for i := range v.Len() {
			writeKey(b, v.Index(i), checks)
		}
	case reflect.Map:
		if v.IsNil() {
			b.WriteByte(0)
			return
		}
		b.WriteByte(1)
		putUint(uint64(v.Len()))
		keys := v.MapKeys()
		slices.SortFunc(keys, func(x, y reflect.Value) int { return strings.Compare(x.String(), y.String()) })
		for _, k := range keys {
			writeKey(b, k, checks)
			writeKey(b, v.MapIndex(k), checks)
		}
	case reflect.String:
		putUint(uint64(v.Len()))
		b.WriteString(v.String())
	case reflect.Bool:
		if v.Bool() {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		putUint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		putUint(v.Uint())
	case reflect.Float32, reflect.Float64:
		putUint(math.Float64bits(v.Float()))
	default:
		panic("schemakey: a schema holds a " + v.Kind().String())
	}
}
