package runtime

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// knownJSONEqual says what writing the JSON says (jsonEqual's rule: raw
// JSON that is a non-empty object is changed, unless below a plain list),
// for the types it knows, on pairs of values equal and not.
func TestKnownJSONEqualAsWritten(t *testing.T) {
	t0 := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	times := []metav1.Time{{}, {Time: t0}, {Time: t0.Add(500 * time.Millisecond)}, {Time: t0.Add(time.Second)}, {Time: t0.In(time.FixedZone("x", 3600))}}
	durations := []metav1.Duration{{}, {Duration: time.Second}, {Duration: 1000 * time.Millisecond}, {Duration: time.Minute}}
	ints := []intstr.IntOrString{intstr.FromInt32(1), intstr.FromString("1"), {Type: intstr.String, StrVal: "1", IntVal: 7}, {Type: intstr.Int, IntVal: 1, StrVal: "x"}, intstr.FromInt32(2), {Type: 9}}
	raws := []apiextv1.JSON{{}, {Raw: []byte(`null`)}, {Raw: []byte(`[1, 2]`)}, {Raw: []byte(`[1,2]`)}, {Raw: []byte(`{"a":1}`)}, {Raw: []byte(`{}`)}, {Raw: []byte(`"<"`)}, {Raw: []byte(`"\u003c"`)}, {Raw: []byte(`{bad`)}}
	exts := []k8sruntime.RawExtension{{}, {Raw: []byte(`{"a":1}`)}, {Raw: []byte(`3`)}, {Raw: []byte(` 3 `)}, {Raw: []byte{}}}
	var values [][]any
	for _, set := range []any{times, durations, ints, raws, exts} {
		v := reflect.ValueOf(set)
		var row []any
		for i := 0; i < v.Len(); i++ {
			row = append(row, v.Index(i).Addr().Interface())
		}
		values = append(values, row)
	}
	for _, row := range values {
		for _, a := range row {
			for _, b := range row {
				for _, plain := range []bool{false, true} {
					va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
					equal, known := knownJSONEqual(va, vb, va.Type(), plain)
					if !known {
						continue
					}
					ja, err1 := json.Marshal(a)
					jb, err2 := json.Marshal(b)
					want := err1 == nil && err2 == nil && bytes.Equal(ja, jb)
					if !plain && isRaw(va.Type()) && nonEmptyObject(ja) {
						want = false
					}
					if equal != want {
						t.Errorf("%T %s and %s (plain %v): known %v, written %v", a, ja, jb, plain, equal, want)
					}
				}
				pa, pb := reflect.ValueOf(&a).Elem().Elem(), reflect.ValueOf(&b).Elem().Elem() // pointers
				if equal, known := knownJSONEqual(pa, pb, pa.Type(), false); known {
					ja, _ := json.Marshal(a)
					jb, _ := json.Marshal(b)
					want := bytes.Equal(ja, jb)
					if isRawOrPointer(pa.Type()) && nonEmptyObject(ja) {
						want = false // as for a value: the server reads the same JSON
					}
					if equal != want {
						t.Errorf("pointers %T %s and %s: known %v, written %v", a, ja, jb, equal, want)
					}
				}
			}
		}
	}
}

func TestScalarMapEqual(t *testing.T) {
	type count int32
	a, b := map[string]count{"a": 1, "b": 2}, map[string]count{"b": 2, "a": 1}
	if !JSONEqual(&a, &b) {
		t.Error("equal maps: not equal")
	}
	b["a"] = 3
	if JSONEqual(&a, &b) {
		t.Error("different maps: equal")
	}
	if n := testing.AllocsPerRun(20, func() { JSONEqual(&a, &b) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// presentKnown says what writing the value says: present unless it
// writes null (a failed write counts as present, as in present).
func TestPresentKnownAsWritten(t *testing.T) {
	t0 := metav1.NewTime(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	var values []any
	for _, raw := range [][]byte{nil, {}, []byte(`null`), []byte(" null\n"), []byte("\vnull"), []byte("null\u00a0"), []byte(`nul`), []byte(`nullx`),
		[]byte(`{"a":1}`), []byte(`{}`), []byte(`3`), []byte(`{bad`), []byte(`"null"`),
		{0xd9, 0xd9, 0xf7, 0xf6}, {0xd9, 0xd9, 0xf7, 0xa0}} { // CBOR: null, {}
		values = append(values, &k8sruntime.RawExtension{Raw: raw})
	}
	values = append(values, &k8sruntime.RawExtension{Object: &metav1.Status{}}, &metav1.Time{}, &t0, &metav1.MicroTime{},
		&metav1.Duration{}, &intstr.IntOrString{})
	for _, v := range values {
		p, known := presentKnown(reflect.ValueOf(v).Elem())
		if !known {
			continue
		}
		b, err := json.Marshal(v)
		if want := err != nil || string(b) != "null"; p != want {
			t.Errorf("%T %+v: present %v; written %q (error %v)", v, v, p, b, err)
		}
	}
}
