// Package schemakey encodes a CRD schema canonically, for the generators
// that share one function between the nodes whose schemas are the same.
package schemakey

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Of is s's key: the SHA-256 digest of a canonical encoding of every
// field of s and of the schemas below it. Two schemas with the same key
// have the same JSON, as far as SHA-256 tells inputs apart (the encoding
// is finer than JSON: it tells a nil list from an empty one).
// It walks the schema by reflection, so that a field apiextensions adds
// is part of the key without a change here; encoding/json was the
// obvious way, but each level's MarshalJSON re-encodes and compacts all
// below it, which made the keys the largest cost of emitting a
// kubebuilder package's validators. The encoding is hashed as it is
// written, not kept: a struct node's key covers all below it, so the
// keys of one schema's nodes add up to its size times its depth, which
// as strings was a tenth of a kubebuilder run's allocation.
func Of(s *apiextv1.JSONSchemaProps) string {
	if s == nil {
		return "" // no schema's key is empty
	}
	return key(s, false)
}

// Checks is the key of what of s the Go checks read: Of without the
// documentation and CEL rules of s and below (the rules are compiled per
// kind).
func Checks(s *apiextv1.JSONSchemaProps) string {
	if s == nil {
		return "" // no schema's key is empty
	}
	return key(s, true)
}

func key(s *apiextv1.JSONSchemaProps, checks bool) string {
	w := &hashWriter{h: sha256.New()}
	w.value(reflect.ValueOf(s).Elem(), checks)
	var d [sha256.Size]byte
	return string(w.sum(d[:0]))
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

// hashWriter feeds the encoding to the hash in blocks.
type hashWriter struct {
	h     hash.Hash
	buf   [512]byte
	n     int
	child *hashWriter // for the entries of a map below, made once
}

// sub is the writer of the entries of a map at this level.
func (w *hashWriter) sub() *hashWriter {
	if w.child == nil {
		w.child = &hashWriter{h: sha256.New()}
	}
	return w.child
}

func (w *hashWriter) reset() {
	w.h.Reset()
	w.n = 0
}

// sum appends the digest of what was written to b.
func (w *hashWriter) sum(b []byte) []byte {
	w.flush()
	return w.h.Sum(b)
}

func (w *hashWriter) flush() {
	w.h.Write(w.buf[:w.n])
	w.n = 0
}

func (w *hashWriter) byte(c byte) {
	if w.n == len(w.buf) {
		w.flush()
	}
	w.buf[w.n] = c
	w.n++
}

func (w *hashWriter) uint(u uint64) {
	if w.n+8 > len(w.buf) {
		w.flush()
	}
	binary.LittleEndian.PutUint64(w.buf[w.n:], u)
	w.n += 8
}

func (w *hashWriter) bytes(b []byte) {
	if w.n+len(b) > len(w.buf) {
		w.flush()
		if len(b) > len(w.buf) {
			w.h.Write(b)
			return
		}
	}
	w.n += copy(w.buf[w.n:], b)
}

func (w *hashWriter) string(s string) {
	if w.n+len(s) > len(w.buf) {
		w.flush()
		if len(s) > len(w.buf) {
			io.WriteString(w.h, s)
			return
		}
	}
	w.n += copy(w.buf[w.n:], s)
}

// value appends v's canonical encoding: each value starts with what
// tells it from the values of the same type (a length, a nil mark), so
// that two encodings are equal only for equal values.
func (w *hashWriter) value(v reflect.Value, checks bool) {
	switch v.Kind() {
	case reflect.Struct:
		skip := checks && v.Type() == schemaType
		for i := range v.NumField() {
			if skip && notChecked[i] {
				continue
			}
			w.value(v.Field(i), checks)
		}
	case reflect.Pointer:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.value(v.Elem(), checks)
	case reflect.Slice:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.uint(uint64(v.Len()))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			w.bytes(v.Bytes())
			return
		}
		for i := range v.Len() {
			w.value(v.Index(i), checks)
		}
	case reflect.Map:
		if v.IsNil() {
			w.byte(0)
			return
		}
		w.byte(1)
		w.uint(uint64(v.Len()))
		if v.Type().Key().Kind() != reflect.String {
			panic("schemakey: a schema holds a map keyed by " + v.Type().Key().String())
		}
		// Each entry is hashed on its own, in the map's order, and the
		// digests are written in key order: reading the values in key
		// order (MapIndex) would copy each to a new variable.
		type entry struct {
			key    string
			digest [sha256.Size]byte
		}
		entries := make([]entry, 0, v.Len())
		sub := w.sub()
		elem := reflect.New(v.Type().Elem()).Elem()
		for it := v.MapRange(); it.Next(); {
			elem.SetIterValue(it)
			sub.reset()
			sub.value(elem, checks)
			e := entry{key: it.Key().String()}
			sub.sum(e.digest[:0])
			entries = append(entries, e)
		}
		slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
		for _, e := range entries {
			w.uint(uint64(len(e.key)))
			w.string(e.key)
			w.bytes(e.digest[:])
		}
	case reflect.String:
		w.uint(uint64(v.Len()))
		w.string(v.String())
	case reflect.Bool:
		if v.Bool() {
			w.byte(1)
		} else {
			w.byte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		w.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		w.uint(math.Float64bits(v.Float()))
	default:
		panic("schemakey: a schema holds a " + v.Kind().String())
	}
}
