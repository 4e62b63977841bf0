package runtime

import (
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type jeItem struct {
	Name  string   `json:"name,omitempty"`
	Value string   `json:"value,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}

type jeObj struct {
	Opt    []string    `json:"opt,omitempty"`
	Req    []string    `json:"req"`
	N      int32       `json:"n,omitempty"`
	P      *int32      `json:"p,omitempty"`
	Items  []jeItem    `json:"items,omitempty"`
	Atomic [][]jeItem  `json:"atomic,omitempty"`
	When   metav1.Time `json:"when"`
	jeEmbedded
}

type jeEmbedded struct {
	Inner string `json:"inner,omitempty"`
}

func init() { RegisterListMap[jeObj]("items", Key{Name: "name"}) }

// JSONEqual compares as the server's ratcheting compares the JSON a Go
// client sends.
func TestJSONEqual(t *testing.T) {
	zero := int32(0)
	for _, c := range []struct {
		name string
		a, b jeObj
		want bool
	}{
		{"omitempty: nil and empty are both absent", jeObj{Opt: nil}, jeObj{Opt: []string{}}, true},
		{"no omitempty: nil is null (absent), empty is []", jeObj{Req: nil}, jeObj{Req: []string{}}, false},
		{"omitempty zero is absent", jeObj{N: 0}, jeObj{}, true},
		{"a pointer to zero is present", jeObj{P: &zero}, jeObj{}, false},
		{"embedded fields are the object's", jeObj{jeEmbedded: jeEmbedded{Inner: "x"}}, jeObj{jeEmbedded: jeEmbedded{Inner: "y"}}, false},
		{"list-map items in another order are equal", jeObj{Items: []jeItem{{Name: "a"}, {Name: "b"}}}, jeObj{Items: []jeItem{{Name: "b"}, {Name: "a"}}}, true},
		{"a repeated key is correlated with the first old item", jeObj{Items: []jeItem{{Name: "a"}, {Name: "a", Value: "2"}}}, jeObj{Items: []jeItem{{Name: "a"}, {Name: "a", Value: "2"}}}, false},
		{"an item without its key is a change", jeObj{Items: []jeItem{{Value: "1"}}}, jeObj{Items: []jeItem{{Value: "1"}}}, false},
		{"below a list that is not a list-map, compared whole", jeObj{Atomic: [][]jeItem{{{Value: "1"}}}}, jeObj{Atomic: [][]jeItem{{{Value: "1"}}}}, true},
		{"a time compares as its JSON (seconds)", jeObj{When: metav1.Unix(10, 1)}, jeObj{When: metav1.Unix(10, 2)}, true},
	} {
		if got := JSONEqual(&c.a, &c.b); got != c.want {
			t.Errorf("%s: JSONEqual = %t, want %t", c.name, got, c.want)
		}
	}
	var null []jeItem
	if !UnchangedListMap(&[]jeItem{{Name: "a"}}, &[]jeItem{{Name: "a"}}, Key{Name: "name"}) || UnchangedListMap(&[]jeItem{}, &null, Key{Name: "name"}) {
		t.Error("UnchangedListMap: [] and null are two values")
	}
	old := []jeItem{{Name: "a", Value: "1"}, {Name: "a", Value: "2"}}
	if got := OldListMapItem(&old, &jeItem{Name: "a"}, Key{Name: "name"}); got != &old[0] {
		t.Errorf("OldListMapItem: %v, want the first old item of the key", got)
	}
	if got := OldListMapItem(&old, &jeItem{Value: "1"}, Key{Name: "name"}); got != nil {
		t.Errorf("OldListMapItem of an item without its key: %v", got)
	}
}

type jeZero struct {
	S  jeItem    `json:"s,omitzero"`
	P  int32     `json:"p,omitempty"`
	Rx jeRawLike `json:"rx"`
}

type jeRawLike struct{ Raw []byte }

func (r jeRawLike) MarshalJSON() ([]byte, error) {
	if len(r.Raw) == 0 {
		return []byte("null"), nil
	}
	return r.Raw, nil
}

// omitzero leaves a zero struct out, and a struct that writes null is
// absent: both are what the server reads.
func TestJSONEqualOmitZeroAndNull(t *testing.T) {
	if !JSONEqual(&jeZero{}, &jeZero{S: jeItem{}}) {
		t.Error("two zero omitzero structs differ")
	}
	if JSONEqual(&jeZero{}, &jeZero{S: jeItem{Name: "a"}}) {
		t.Error("a zero omitzero struct equals a set one")
	}
	if PropertyCount(&jeZero{}) != 0 || PropertyCount(&jeZero{S: jeItem{Name: "a"}, Rx: jeRawLike{Raw: []byte(`1`)}}) != 2 {
		t.Errorf("PropertyCount: %d, %d", PropertyCount(&jeZero{}), PropertyCount(&jeZero{S: jeItem{Name: "a"}, Rx: jeRawLike{Raw: []byte(`1`)}}))
	}
	if !IsZero(&jeItem{}) || IsZero(&jeItem{Tags: []string{}}) {
		t.Error("IsZero is not Go's zero value")
	}
	if !RawNull(nil) || !RawNull([]byte(" null ")) || RawNull([]byte("{}")) {
		t.Error("RawNull")
	}
}

type jeRawHolder struct {
	Value jeRawLike   `json:"value"`
	List  []jeRawLike `json:"list,omitempty"`
	// Ptr and APIExt are the same JSON as Value: the server cannot tell a
	// pointer field from a value field, nor apiextensions' JSON from
	// another type of raw content.
	Ptr       *jeRawLike     `json:"ptr,omitempty"`
	APIExt    apiextv1.JSON  `json:"apiExt"`
	APIExtPtr *apiextv1.JSON `json:"apiExtPtr,omitempty"`
}

// The server's ratcheting cannot correlate the properties of an object in
// raw JSON (its schema has none), so it counts a non-empty one as changed;
// below a list that is not a list-map it compares the whole list by value.
func TestJSONEqualRawObjects(t *testing.T) {
	raw := func(s string) jeRawLike { return jeRawLike{Raw: []byte(s)} }
	for _, c := range []struct {
		name string
		a, b jeRawHolder
		want bool
	}{
		{"a non-empty object is changed", jeRawHolder{Value: raw(`{"a":1}`)}, jeRawHolder{Value: raw(`{"a":1}`)}, false},
		{"an empty object is not", jeRawHolder{Value: raw(`{ }`)}, jeRawHolder{Value: raw(`{ }`)}, true},
		{"a list is compared by value", jeRawHolder{Value: raw(`[{"a":1}]`)}, jeRawHolder{Value: raw(`[{"a":1}]`)}, true},
		{"a scalar is compared by value", jeRawHolder{Value: raw(`"x"`)}, jeRawHolder{Value: raw(`"y"`)}, false},
		{"an object in an atomic list is compared by value", jeRawHolder{List: []jeRawLike{raw(`{"a":1}`)}}, jeRawHolder{List: []jeRawLike{raw(`{"a":1}`)}}, true},
		{"a non-empty object behind a pointer is changed", jeRawHolder{Ptr: &jeRawLike{Raw: []byte(`{"a":1}`)}}, jeRawHolder{Ptr: &jeRawLike{Raw: []byte(`{"a":1}`)}}, false},
		{"an apiextensions object is changed", jeRawHolder{APIExt: apiextv1.JSON{Raw: []byte(`{"a":1}`)}}, jeRawHolder{APIExt: apiextv1.JSON{Raw: []byte(`{"a":1}`)}}, false},
		{"an apiextensions object behind a pointer is changed", jeRawHolder{APIExtPtr: &apiextv1.JSON{Raw: []byte(`{"a":1}`)}}, jeRawHolder{APIExtPtr: &apiextv1.JSON{Raw: []byte(`{"a":1}`)}}, false},
		{"an apiextensions list behind a pointer is compared by value", jeRawHolder{APIExtPtr: &apiextv1.JSON{Raw: []byte(`[1, 2]`)}}, jeRawHolder{APIExtPtr: &apiextv1.JSON{Raw: []byte(`[1,2]`)}}, true},
	} {
		if got := JSONEqual(&c.a, &c.b); got != c.want {
			t.Errorf("%s: JSONEqual = %t, want %t", c.name, got, c.want)
		}
	}
}

// A field whose schema describes none of its fields (RegisterOpaque:
// Schemaless with unknown fields kept, OpenKruise's pod templates) is
// compared as the server's ratcheting compares it: an object with a
// property there is a change, with every struct above it; an empty one,
// or an absent field, is compared by value; so is the same field where
// it is not registered.
type jeTemplate struct {
	Name   string            `json:"name,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
}

type jeOpaqueSpec struct {
	Template  jeTemplate        `json:"template"`
	Ptr       *jeTemplate       `json:"ptr,omitempty"`
	Free      map[string]string `json:"free,omitempty"`
	Described jeTemplate        `json:"described"`
}

type jeOpaqueKind struct {
	Spec jeOpaqueSpec `json:"spec"`
}

func TestJSONEqualOpaqueFields(t *testing.T) {
	RegisterOpaque[jeOpaqueSpec]("template")
	RegisterOpaque[jeOpaqueSpec]("ptr")
	RegisterOpaque[jeOpaqueSpec]("free")
	named := jeTemplate{Name: "a"}
	for _, c := range []struct {
		name string
		spec jeOpaqueSpec
		want bool
	}{
		{"empty everywhere", jeOpaqueSpec{}, true},
		{"a template with a field is changed", jeOpaqueSpec{Template: named}, false},
		{"behind a pointer too", jeOpaqueSpec{Ptr: &named}, false},
		{"an empty template behind a pointer is not", jeOpaqueSpec{Ptr: &jeTemplate{}}, true},
		{"a map with a key is changed", jeOpaqueSpec{Free: map[string]string{"k": "v"}}, false},
		{"a field not registered is compared by value", jeOpaqueSpec{Described: named}, true},
	} {
		a, b := c.spec, c.spec
		if got := JSONEqual(&a, &b); got != c.want {
			t.Errorf("%s: JSONEqual = %t, want %t", c.name, got, c.want)
		}
		ka, kb := jeOpaqueKind{Spec: c.spec}, jeOpaqueKind{Spec: c.spec}
		if got := JSONEqual(&ka, &kb); got != c.want {
			t.Errorf("%s, above: JSONEqual = %t, want %t", c.name, got, c.want)
		}
	}
}
