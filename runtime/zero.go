package runtime

import (
	"reflect"
	"sync"
	"unsafe"
)

// ReflectZero reports whether *v is its type's zero value as
// reflect.Value.IsZero tells it, which is how encoding/json's omitzero
// tells a value without an IsZero method (generated code calls a type's
// IsZero itself). It allocates nothing.
//
// reflect.Value.IsZero walks a struct that is not comparable field by
// field, reading each field's name and tag on the way, which made it a
// third of the time of cluster-api's compiled CEL rules. The zero check of
// a type is therefore planned once: the byte ranges of its fields that
// must be zero (padding and blank fields left out, a string's length
// only, since a string of length 0 is zero whatever its pointer), and its
// floating-point fields, compared with 0 (-0.0 is zero, as for IsZero),
// read with unsafe. Every other kind is zero exactly when its bytes are:
// a nil pointer, map, chan, func, slice or interface, false, 0.
// TestReflectZeroMatchesReflect compares it with reflect.Value.IsZero.
func ReflectZero[T any](v *T) bool {
	plan := zeroPlanOf(reflect.TypeFor[T]())
	if plan == nil {
		return reflect.ValueOf(v).Elem().IsZero()
	}
	base := unsafe.Pointer(v)
	for _, r := range plan {
		switch r.kind {
		case zeroBytes:
			i := r.off
			for ; i+8 <= r.end; i += 8 {
				if *(*uint64)(unsafe.Add(base, i)) != 0 {
					return false
				}
			}
			for ; i < r.end; i++ {
				if *(*byte)(unsafe.Add(base, i)) != 0 {
					return false
				}
			}
		case zeroFloat32:
			if *(*float32)(unsafe.Add(base, r.off)) != 0 {
				return false
			}
		case zeroFloat64:
			if *(*float64)(unsafe.Add(base, r.off)) != 0 {
				return false
			}
		}
	}
	return true
}

// zeroRange is a byte range [off, end) of a value that must be zero, or a
// float at off that must compare equal to 0.
type zeroRange struct {
	off, end uintptr
	kind     uint8
}

const (
	zeroBytes = iota
	zeroFloat32
	zeroFloat64
)

// maxZeroRanges bounds a plan (a large array of structs would make a long
// one); a type over it keeps reflect.Value.IsZero.
const maxZeroRanges = 64

var zeroPlans sync.Map // reflect.Type -> []zeroRange (nil: use reflect)

func zeroPlanOf(t reflect.Type) []zeroRange {
	if p, ok := zeroPlans.Load(t); ok {
		return p.([]zeroRange)
	}
	// A type with nothing to check (struct{}) gets an empty plan, not nil.
	plan, ok := appendZeroRanges([]zeroRange{}, t, 0)
	if !ok || len(plan) > maxZeroRanges {
		plan = nil
	}
	zeroPlans.Store(t, plan)
	return plan
}

// appendZeroRanges appends the ranges of a value of type t at offset off,
// merging a range with the one before it when they touch.
func appendZeroRanges(plan []zeroRange, t reflect.Type, off uintptr) ([]zeroRange, bool) {
	add := func(from, to uintptr) {
		if from == to {
			return
		}
		if n := len(plan); n > 0 && plan[n-1].kind == zeroBytes && plan[n-1].end == from {
			plan[n-1].end = to
			return
		}
		plan = append(plan, zeroRange{off: from, end: to})
	}
	float := func(at uintptr, kind uint8) { plan = append(plan, zeroRange{off: at, kind: kind}) }
	switch t.Kind() {
	case reflect.String:
		// The length word: unsafe.String's layout, a pointer then an int.
		add(off+unsafe.Sizeof(uintptr(0)), off+t.Size())
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name == "_" {
				continue // IsZero and == leave blank fields out
			}
			var ok bool
			if plan, ok = appendZeroRanges(plan, f.Type, off+f.Offset); !ok || len(plan) > maxZeroRanges {
				return plan, false
			}
		}
	case reflect.Array:
		for i := range t.Len() {
			var ok bool
			if plan, ok = appendZeroRanges(plan, t.Elem(), off+uintptr(i)*t.Elem().Size()); !ok || len(plan) > maxZeroRanges {
				return plan, false
			}
		}
	case reflect.Float32:
		float(off, zeroFloat32)
	case reflect.Float64:
		float(off, zeroFloat64)
	case reflect.Complex64:
		float(off, zeroFloat32)
		float(off+4, zeroFloat32)
	case reflect.Complex128:
		float(off, zeroFloat64)
		float(off+8, zeroFloat64)
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Func, reflect.Slice, reflect.Interface:
		add(off, off+t.Size())
	default:
		return plan, false
	}
	return plan, true
}
