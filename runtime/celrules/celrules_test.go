package celrules

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	utiljson "k8s.io/apimachinery/pkg/util/json"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type pair struct {
	Min int64  `json:"min"`
	Max int64  `json:"max"`
	Tag string `json:"tag,omitempty"`
}

const pairSchema = `{"type":"object","properties":{"min":{"type":"integer"},"max":{"type":"integer"},"tag":{"type":"string","maxLength":8,
"x-kubernetes-validations":[{"rule":"self == oldSelf","message":"tag is immutable"}]}},
"x-kubernetes-validations":[{"rule":"self.min <= self.max","messageExpression":"'min ' + string(self.min) + ' exceeds max'","reason":"FieldValueForbidden","fieldPath":".min"}]}`

func TestValidate(t *testing.T) {
	r := New(pairSchema, false)
	ctx := context.Background()
	create, update := operation.Operation{Type: operation.Create}, operation.Operation{Type: operation.Update}
	at := field.NewPath("spec")

	if errs := Validate(ctx, r, create, at, &pair{Min: 1, Max: 2}, nil); len(errs) != 0 {
		t.Errorf("valid: %v", errs)
	}
	errs := Validate(ctx, r, create, at, &pair{Min: 3, Max: 2}, nil)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeForbidden || errs[0].Field != "spec.min" || errs[0].Detail != "min 3 exceeds max" {
		t.Errorf("min > max: %v", errs)
	}
	// A transition rule runs on update only, against the old value.
	if errs := Validate(ctx, r, create, at, &pair{Tag: "a"}, nil); len(errs) != 0 {
		t.Errorf("create with a tag: %v", errs)
	}
	errs = Validate(ctx, r, update, at, &pair{Tag: "b"}, &pair{Tag: "a"})
	if len(errs) != 1 || errs[0].Field != "spec.tag" || errs[0].Detail != "tag is immutable" {
		t.Errorf("changed tag: %v", errs)
	}
	// An unchanged invalid value is ratcheted, as the server does.
	if errs := Validate(ctx, r, update, at, &pair{Min: 3, Max: 2, Tag: "a"}, &pair{Min: 3, Max: 2, Tag: "a"}); len(errs) != 0 {
		t.Errorf("unchanged: %v", errs)
	}
	if errs := Validate[pair](ctx, r, create, at, nil, nil); errs != nil {
		t.Errorf("nil object: %v", errs)
	}
}

// A broken schema (generation rules it out) is an error, never a panic: an
// InternalError, or, for a rule that does not compile, the error the
// server gives for it.
func TestValidateBadSchema(t *testing.T) {
	for s, want := range map[string]field.ErrorType{
		`{`:                 field.ErrorTypeInternal,
		`{"type":"object"}`: field.ErrorTypeInternal,
		`{"type":"object","x-kubernetes-validations":[{"rule":"self.nope >"}]}`: field.ErrorTypeInvalid,
	} {
		errs := Validate(context.Background(), New(s, false), operation.Operation{}, field.NewPath("x"), &pair{}, nil)
		if len(errs) != 1 || errs[0].Type != want {
			t.Errorf("%s: got %v, want one %s", s, errs, want)
		}
	}
}

type rule struct {
	Action string   `json:"action"`
	Codes  []string `json:"codes,omitempty"`
	Inner  *inner   `json:"inner,omitempty"`
}

type inner struct {
	N int64 `json:"n,omitempty"`
}

// The server drops nulls and applies the schema's defaults before CEL
// runs; the CRD defaults the non-pointer fields below list items and map
// values to their zero values. A rule sees the value as the server does:
// with the item schema, an omitted field is there.
func TestValidateSeesServerDefaults(t *testing.T) {
	const rules = `"x-kubernetes-validations":[{"rule":"self.action != 'Count' || !has(self.codes)","message":"Count needs no codes"}]`
	plain := `{"type":"object","properties":{"action":{"type":"string"},"codes":{"type":"array","items":{"type":"string"}},
"inner":{"type":"object","properties":{"n":{"type":"integer","x-kubernetes-validations":[{"rule":"self >= 0","message":"n is negative"}]}}}},` + rules + `}`
	item := `{"type":"object","properties":{"action":{"type":"string","default":""},"codes":{"type":"array","default":[],"items":{"type":"string"}},
"inner":{"type":"object","properties":{"n":{"type":"integer","default":0,"x-kubernetes-validations":[{"rule":"self >= 0","message":"n is negative"}]}}}},` + rules + `}`
	r := NewWithItemSchema(plain, item, false)
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	at := field.NewPath("x")
	obj := &rule{Action: "Count", Inner: &inner{}}
	if errs := ValidateIn(ctx, r, create, at, false, obj, nil); len(errs) != 0 {
		t.Errorf("not in an item: codes is absent, so the rule holds: %v", errs)
	}
	if errs := ValidateIn(ctx, r, create, at, true, obj, nil); len(errs) != 1 || errs[0].Detail != "Count needs no codes" {
		t.Errorf("in an item: codes is defaulted to [], so has() is true, as on the server: %v", errs)
	}
	// A type without an item schema uses its one schema everywhere.
	if errs := ValidateIn(ctx, New(plain, false), create, at, true, obj, nil); len(errs) != 0 {
		t.Errorf("no item schema: %v", errs)
	}
}

// serverView is the server's PruneNonNullableNullsWithoutDefaults then
// Default, in one walk.
func TestServerViewIsThePrunerAndDefaulter(t *testing.T) {
	const schema = `{"type":"object","properties":{
"a":{"type":"string","default":"x"},
"b":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer","default":0},"l":{"type":"array","nullable":true,"items":{"type":"string"}},"m":{"type":"array","items":{"type":"string"}}}}},
"c":{"type":"object","additionalProperties":{"type":"object","properties":{"d":{"type":"boolean","default":false}}}},
"e":{"type":"array","items":{"type":"array","nullable":true,"items":{"type":"integer"}}},
"f":{"type":"array","default":[],"items":{"type":"integer"}},
"g":{"type":"string"}}}`
	inputs := []string{
		`{}`,
		`{"a":null,"f":null,"g":null}`,
		`{"b":[{},{"n":3,"l":null,"m":null},null],"c":{"k":{},"j":null},"e":[null,[1]],"g":"y"}`,
		`{"b":null,"c":null,"e":null,"x":null}`,
	}
	var v1 apiextv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(schema), &v1); err != nil {
		t.Fatal(err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		t.Fatal(err)
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs {
		var want, got any
		if err := utiljson.Unmarshal([]byte(in), &want); err != nil {
			t.Fatal(err)
		}
		_ = utiljson.Unmarshal([]byte(in), &got)
		structuraldefaulting.PruneNonNullableNullsWithoutDefaults(want, s)
		structuraldefaulting.Default(want, s)
		serverView(got, newViewNode(s))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", in, got, want)
		}
	}
}

// endpoint is a map key that writes itself as text, which apimachinery's
// unstructured converter does not convert; ptrKey's MarshalText has a
// pointer receiver, which encoding/json does not call on a map key.
type endpoint struct{ Host string }

func (e endpoint) MarshalText() ([]byte, error) { return []byte("h-" + e.Host), nil }

type ptrKey struct{ Host string }

func (e *ptrKey) MarshalText() ([]byte, error) { return []byte(e.Host), nil }

type textKeyed struct {
	Ports map[endpoint]int64 `json:"ports,omitempty"`
	Ptrs  map[ptrKey]int64   `json:"ptrs,omitempty"`
}

// The rules of an object holding a map whose keys write themselves as
// text see the map as the server does, keyed by that text; an object
// encoding/json cannot write is an internal error that says why.
func TestValidateTextKeyedMap(t *testing.T) {
	r := New(`{"type":"object","properties":{"ports":{"type":"object","additionalProperties":{"type":"integer"},
"x-kubernetes-validations":[{"rule":"self.all(k, k.startsWith('h-') && self[k] > 0)","message":"bad port"}]},
"ptrs":{"type":"object","additionalProperties":{"type":"integer"}}}}`, false)
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	if errs := Validate(ctx, r, create, nil, &textKeyed{Ports: map[endpoint]int64{{"a"}: 1, {"b"}: 2}}, nil); len(errs) != 0 {
		t.Errorf("valid: %v", errs)
	}
	if errs := Validate(ctx, r, create, nil, &textKeyed{Ports: map[endpoint]int64{{"a"}: 1, {"b"}: 0}}, nil); len(errs) != 1 || errs[0].Field != "ports" || errs[0].Detail != "bad port" {
		t.Errorf("a port 0: %v", errs)
	}
	errs := Validate(ctx, r, create, nil, &textKeyed{Ptrs: map[ptrKey]int64{{"a"}: 1}}, nil)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeInternal || !strings.Contains(errs[0].Detail, "json: unsupported type: map[celrules.ptrKey]int64") {
		t.Errorf("a map encoding/json cannot write: %v", errs)
	}
}
