package runtime

import (
	"reflect"
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
// not panic on any object.
func OpaqueEqual(a, b any) (equal bool) {
	defer func() {
		if recover() != nil {
			equal = reflect.DeepEqual(a, b)
		}
	}()
	return semantic.DeepEqual(a, b)
}
