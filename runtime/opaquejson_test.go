package runtime

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestOpaqueJSONMatchesMarshal: each helper gives the string
// encoding/json writes for the type, on random values.
func TestOpaqueJSONMatchesMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	str := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s is not a JSON string: %v", b, err)
		}
		return s
	}
	for range 20000 {
		d := metav1.Duration{Duration: time.Duration(r.Int64N(1<<50) - 1<<49)}
		if got, want := DurationJSON(&d), str(d); got != want {
			t.Fatalf("DurationJSON(%v) = %q, want %q", d, got, want)
		}
		at := time.Unix(r.Int64N(1<<34), r.Int64N(1e9)).In(time.FixedZone("z", int(r.Int64N(50000))-25000))
		tm, mt := metav1.NewTime(at), metav1.NewMicroTime(at)
		if got, want := TimeJSON(&tm), str(tm); got != want {
			t.Fatalf("TimeJSON(%v) = %q, want %q", at, got, want)
		}
		if got, want := MicroTimeJSON(&mt), str(mt); got != want {
			t.Fatalf("MicroTimeJSON(%v) = %q, want %q", at, got, want)
		}
		q := *resource.NewMilliQuantity(r.Int64N(1<<40)-1<<39, resource.Format([]string{"DecimalSI", "BinarySI", "DecimalExponent"}[r.IntN(3)]))
		if got, want := QuantityJSON(&q), str(q); got != want {
			t.Fatalf("QuantityJSON(%v) = %q, want %q", q, got, want)
		}
	}
}
