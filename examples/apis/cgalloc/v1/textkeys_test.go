package v1

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
)

// A map whose keys write themselves as text (Endpoint's MarshalText):
// the errors of its values name the key as the JSON object does, in the
// order of that text, whatever the map's order; a valid map never calls
// MarshalText (TestEveryMarkerAllocatesNothing's StructMaps case).
func TestTextKeyedMapErrors(t *testing.T) {
	tm, om := meta("StructMaps")
	obj := &StructMaps{TypeMeta: tm, ObjectMeta: om, Spec: StructMapsSpec{TextKeyed: map[Endpoint]Entry{
		{"b", 443}: {Name: "", Port: 1},
		{"a", 80}:  {Name: "a", Port: 0},
		{"c", 8}:   {Name: "c", Port: 2},
		{"a", 9}:   {Name: "a", Port: 70000},
	}}}
	b, err := json.Marshal(obj.Spec.TextKeyed)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"a:80":{"name":"a","port":0},"a:9":{"name":"a","port":70000},"b:443":{"name":"","port":1},"c:8":{"name":"c","port":2}}`; string(b) != want {
		t.Fatalf("the map's JSON:\n got %s\nwant %s", b, want)
	}
	want := []string{"spec.textKeyed[a:80].port", "spec.textKeyed[a:9].port", "spec.textKeyed[b:443].name"}
	for range 20 { // the map's order changes from run to run
		var got []string
		for _, e := range Validate_StructMaps(context.Background(), operation.Operation{Type: operation.Create}, nil, obj, nil) {
			got = append(got, e.Field)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("errors at\n %q\nwant\n %q", got, want)
		}
	}
	// On an update, a value that did not change is not checked again
	// (ratcheting, by key), and the others are.
	changed := obj.DeepCopy()
	changed.Spec.TextKeyed[Endpoint{"a", 9}] = Entry{Name: "a", Port: 70001}
	var got []string
	for _, e := range Validate_StructMaps(context.Background(), operation.Operation{Type: operation.Update}, nil, changed, obj) {
		got = append(got, e.Field)
	}
	if want := []string{"spec.textKeyed[a:9].port"}; !slices.Equal(got, want) {
		t.Fatalf("update: errors at %q, want %q", got, want)
	}
}
