package runtime

import (
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The runtime's equalities mean what equality.Semantic's functions mean.
func TestSemanticEquivalents(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	elsewhere := at.In(time.FixedZone("east", 3600))
	times := []metav1.Time{{}, metav1.NewTime(at), metav1.NewTime(elsewhere), metav1.NewTime(at.Add(time.Nanosecond))}
	for _, a := range times {
		for _, b := range times {
			if got, want := TimeEqual(&a, &b), equality.Semantic.DeepEqual(a, b); got != want {
				t.Errorf("TimeEqual(%v, %v) = %v, equality.Semantic %v", a, b, got, want)
			}
			ma, mb := metav1.NewMicroTime(a.Time), metav1.NewMicroTime(b.Time)
			if got, want := MicroTimeEqual(&ma, &mb), equality.Semantic.DeepEqual(ma, mb); got != want {
				t.Errorf("MicroTimeEqual(%v, %v) = %v, equality.Semantic %v", ma, mb, got, want)
			}
		}
	}
	qs := []resource.Quantity{{}, resource.MustParse("0"), resource.MustParse("1"), resource.MustParse("1000m"), resource.MustParse("1Ki"), resource.MustParse("1024")}
	for _, a := range qs {
		for _, b := range qs {
			if got, want := QuantityEqual(&a, &b), equality.Semantic.DeepEqual(a, b); got != want {
				t.Errorf("QuantityEqual(%v, %v) = %v, equality.Semantic %v", a.String(), b.String(), got, want)
			}
		}
	}
	fs := []metav1.FieldsV1{{}, {Raw: []byte{}}, {Raw: []byte(`{"f:a":{}}`)}}
	for _, a := range fs {
		for _, b := range fs {
			if got, want := FieldsV1Equal(&a, &b), equality.Semantic.DeepEqual(a, b); got != want {
				t.Errorf("FieldsV1Equal(%s, %s) = %v, equality.Semantic %v", a.Raw, b.Raw, got, want)
			}
		}
	}
	if !GoTimeEqual(&at, &elsewhere) || GoTimeEqual(&at, &times[3].Time) {
		t.Error("GoTimeEqual does not compare instants")
	}
}

// OpaqueEqual never panics: where equality.Semantic does (unexported
// fields), reflect.DeepEqual decides.
func TestOpaqueEqual(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	type wrapped struct{ T time.Time }
	cases := []struct {
		name string
		a, b any
		want bool
	}{
		{"time.Time, same", &at, &at, true},
		{"time.Time, other", &at, ptrTo(at.Add(time.Second)), false},
		{"struct with a time.Time", &wrapped{at}, &wrapped{at}, true},
		{"interfaces holding maps", any(map[string]int{"a": 1}), any(map[string]int{"a": 1}), true},
		{"nil and empty map, Semantic's way", map[string]int(nil), map[string]int{}, true},
		{"quantities, Semantic's way", ptrTo(resource.MustParse("1")), ptrTo(resource.MustParse("1000m")), true},
	}
	for _, c := range cases {
		if got := OpaqueEqual(c.a, c.b); got != c.want {
			t.Errorf("%s: OpaqueEqual = %v, want %v", c.name, got, c.want)
		}
	}
}

func ptrTo[T any](v T) *T { return &v }
