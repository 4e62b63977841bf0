package runtime

import (
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The JSON text of the apimachinery types that write their own JSON as a
// string: the string the API server checks a CRD's pattern, lengths and
// enum on (Flux writes +kubebuilder:validation:Pattern on its Durations).

// DurationJSON is a metav1.Duration's JSON string: time.Duration's String.
func DurationJSON(d *metav1.Duration) string { return d.Duration.String() }

// TimeJSON is a non-zero metav1.Time's JSON string (a zero one is null):
// RFC 3339 in UTC, to the second.
func TimeJSON(t *metav1.Time) string { return t.UTC().Format(time.RFC3339) }

// MicroTimeJSON is a non-zero metav1.MicroTime's JSON string: RFC 3339 in
// UTC, to the microsecond.
func MicroTimeJSON(t *metav1.MicroTime) string { return t.UTC().Format(metav1.RFC3339Micro) }

// QuantityJSON is a resource.Quantity's JSON string, its canonical form.
func QuantityJSON(q *resource.Quantity) string { return q.String() }
