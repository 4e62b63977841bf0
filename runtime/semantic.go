package runtime

import (
	"reflect"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"
)

// The equalities equality.Semantic gives apimachinery's types, without its
// reflection (which allocates): generated equality functions call these
// where a compared value holds one of the types, so that ratcheting an
// update of, say, a status with conditions allocates nothing. Each means
// exactly what equality.Semantic's function for the type means.

// TimeEqual compares two metav1.Time as instants, whatever their location.
func TimeEqual(a, b *metav1.Time) bool { return a.UTC() == b.UTC() }

// MicroTimeEqual compares two metav1.MicroTime as instants.
func MicroTimeEqual(a, b *metav1.MicroTime) bool { return a.UTC() == b.UTC() }

// QuantityEqual compares two quantities by value: "1" equals "1000m", and
// the zero Quantity equals 0.
func QuantityEqual(a, b *resource.Quantity) bool { return a.Cmp(*b) == 0 }

// FieldsV1Equal compares two managed-fields sets by their content.
func FieldsV1Equal(a, b *metav1.FieldsV1) bool { return a.Equal(*b) }

// GoTimeEqual compares two time.Time as instants, as metav1.Time's
// equality does. (equality.Semantic has no function for time.Time, and
// panics on its unexported fields.)
func GoTimeEqual(a, b *time.Time) bool { return a.Equal(*b) }

// semantic is equality.Semantic with time.Time compared as an instant,
// where equality.Semantic panics on its unexported fields.
var semantic = func() conversion.Equalities {
	e := equality.Semantic.Copy()
	if err := e.AddFunc(func(a, b time.Time) bool { return GoTimeEqual(&a, &b) }); err != nil {
		panic(err)
	}
	return e
}()

// OpaqueEqual compares values generated code cannot see into (structs of
// other packages with unexported fields, interfaces) as equality.Semantic
// does, time.Time as an instant. Where equality.Semantic panics, as it does
// on other unexported fields, reflect.DeepEqual decides: a validator must
// not panic on any object. A value that contains itself (a map holding
// itself, built in Go) is compared by reflect.DeepEqual too, which tracks
// the pairs it visited: equality.Semantic recurses on it until the stack
// overflows, which is a fatal error, not a panic.
func OpaqueEqual(a, b any) (equal bool) {
	if cyclic(reflect.ValueOf(a)) || cyclic(reflect.ValueOf(b)) {
		return reflect.DeepEqual(a, b)
	}
	defer func() {
		if recover() != nil {
			equal = reflect.DeepEqual(a, b)
		}
	}()
	return semantic.DeepEqual(a, b)
}

// cyclic reports whether a value reaches itself through pointers, maps,
// slices or interfaces. Only opaque values are checked, which reflection
// walks anyway.
func cyclic(v reflect.Value) bool {
	if !v.IsValid() || !mayCycle(v.Type()) {
		return false
	}
	return cycleFrom(v, map[cycleKey]bool{})
}

// cycleTypes caches mayCycle by type.
var cycleTypes sync.Map // reflect.Type -> bool

// mayCycle reports whether a value of type t can contain itself: its type
// reaches an interface or itself. Other values are not walked, so that
// hashing the items of a long list of plain structs allocates nothing.
func mayCycle(t reflect.Type) bool {
	if c, ok := cycleTypes.Load(t); ok {
		return c.(bool)
	}
	c := typeMayCycle(t, map[reflect.Type]bool{})
	cycleTypes.Store(t, c)
	return c
}

func typeMayCycle(t reflect.Type, onPath map[reflect.Type]bool) bool {
	if onPath[t] {
		return true
	}
	onPath[t] = true
	defer delete(onPath, t)
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return typeMayCycle(t.Elem(), onPath)
	case reflect.Map:
		return typeMayCycle(t.Key(), onPath) || typeMayCycle(t.Elem(), onPath)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if typeMayCycle(t.Field(i).Type, onPath) {
				return true
			}
		}
	}
	return false
}

type cycleKey struct {
	ptr uintptr
	typ reflect.Type
}

func cycleFrom(v reflect.Value, onPath map[cycleKey]bool) bool {
	if !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if v.IsNil() {
			return false
		}
		k := cycleKey{v.Pointer(), v.Type()}
		if onPath[k] {
			return true
		}
		onPath[k] = true
		defer delete(onPath, k)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return cycleFrom(v.Elem(), onPath)
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if cycleFrom(v.Index(i), onPath) {
				return true
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if cycleFrom(iter.Key(), onPath) || cycleFrom(iter.Value(), onPath) {
				return true
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if cycleFrom(v.Field(i), onPath) {
				return true
			}
		}
	}
	return false
}
