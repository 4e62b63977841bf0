package runtime

import (
	"hash/maphash"
	"math"
	"reflect"
	"strings"
)

// hashSeed is fixed per process: hashes only bucket items of one list.
var hashSeed = maphash.MakeSeed()

// hashOf buckets an item for the equality that generated code uses on
// items without == (equality.Semantic's meaning): equal items must hash
// equally. So nil and empty lists and maps hash alike, -0 like 0, pointers
// by what they point to, maps independently of order; and apimachinery
// types, which equality.Semantic compares in their own way (a Quantity of
// "1" equals "1000m"), do not contribute at all. Unequal items may share a
// bucket; the caller settles that with the equality itself.
func hashOf[E any](e *E) uint64 {
	v := reflect.ValueOf(e).Elem()
	if cyclic(v) {
		// A value that contains itself (built in Go) shares one bucket
		// with every other: hashing its unrollings could give equal
		// values different hashes, and walking them costs exponential
		// time; the equality (OpaqueEqual) settles the bucket.
		return 0
	}
	var h maphash.Hash
	h.SetSeed(hashSeed)
	writeHash(&h, v, 0)
	return h.Sum64()
}

// maxHashDepth bounds the walk of self-referencing values; what lies
// deeper only makes buckets coarser.
const maxHashDepth = 64

func writeHash(h *maphash.Hash, v reflect.Value, depth int) {
	if depth > maxHashDepth || !v.IsValid() {
		return
	}
	if t := v.Type(); t.PkgPath() != "" && strings.HasPrefix(t.PkgPath(), "k8s.io/apimachinery/") {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			h.WriteByte(1)
		} else {
			h.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		writeUint(h, uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		writeUint(h, v.Uint())
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if f == 0 {
			f = 0 // -0 == 0
		}
		writeUint(h, math.Float64bits(f))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		writeUint(h, math.Float64bits(real(c)+0))
		writeUint(h, math.Float64bits(imag(c)+0))
	case reflect.String:
		h.WriteString(v.String())
		h.WriteByte(0)
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			h.WriteByte(0)
			return
		}
		h.WriteByte(1)
		writeHash(h, v.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		writeUint(h, uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			writeHash(h, v.Index(i), depth+1)
		}
	case reflect.Map:
		// Order-independent: the sum of the entries' own hashes.
		var sum uint64
		iter := v.MapRange()
		for iter.Next() {
			var eh maphash.Hash
			eh.SetSeed(hashSeed)
			writeHash(&eh, iter.Key(), depth+1)
			writeHash(&eh, iter.Value(), depth+1)
			sum += eh.Sum64()
		}
		writeUint(h, uint64(v.Len()))
		writeUint(h, sum)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			writeHash(h, v.Field(i), depth+1)
		}
	}
}

func writeUint(h *maphash.Hash, u uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
	h.Write(b[:])
}
