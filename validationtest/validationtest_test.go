package validationtest

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type leaf struct {
	Name  string            `json:"name"`
	Count *int32            `json:"count,omitempty"`
	Tags  []string          `json:"tags,omitempty"`
	Attrs map[string]string `json:"attrs,omitempty"`
}

type obj struct {
	Leaves []leaf `json:"leaves"`
	Top    *leaf  `json:"top,omitempty"`
}

func countTooSmall(limit int32) Func[obj] {
	return func(_ context.Context, _ operation.Operation, o, _ *obj) field.ErrorList {
		var errs field.ErrorList
		for i, l := range o.Leaves {
			if l.Count != nil && *l.Count < limit {
				errs = append(errs, field.Invalid(field.NewPath("leaves").Index(i).Child("count"), *l.Count, "").WithOrigin("minimum"))
			}
		}
		return errs
	}
}

func TestAgreeingValidators(t *testing.T) {
	rep := Agree(t, Config{Objects: 200}, countTooSmall(1), countTooSmall(1))
	// Each object: create, update changed, update against another
	// object, update unchanged.
	if rep.Validations != 800 || rep.Invalid == 0 {
		t.Errorf("report %s", rep)
	}
}

func TestDisagreementIsFoundShrunkAndRepeatable(t *testing.T) {
	run := func() Report[obj] { return Run(Config{Seed: 3, Objects: 200}, countTooSmall(2), countTooSmall(1)) }
	rep := run()
	if rep.Disagreeing == 0 || len(rep.Disagreements) == 0 {
		t.Fatalf("a minimum of 2 against 1 went unnoticed: %s", rep)
	}
	d := rep.Disagreements[0]
	if len(d.Mismatches) != 1 || d.Mismatches[0].Kind != "missing_in_declarative" {
		t.Errorf("mismatches %v", d.Mismatches)
	}
	// Both whole error lists come with it: one error on the stricter side.
	if len(d.Handwritten) != 1 || len(d.Declarative) != 0 || !strings.Contains(d.String(), "handwritten (1):") {
		t.Errorf("error lists %v / %v in\n%s", d.Handwritten, d.Declarative, d)
	}
	// Shrunk to the one offending count (1): every other field zeroed.
	set := 0
	for _, l := range d.Object.Leaves {
		if l.Count != nil {
			set++
			if *l.Count != 1 {
				t.Errorf("kept count %d", *l.Count)
			}
		}
		if l.Name != "" || l.Tags != nil || l.Attrs != nil {
			t.Errorf("not shrunk: %s", d)
		}
	}
	if set != 1 || d.Object.Top != nil {
		t.Errorf("not shrunk: %s", d)
	}
	if again := run(); !reflect.DeepEqual(again, rep) {
		t.Errorf("same seed, different report")
	}
}

func TestCopyOfIsDeep(t *testing.T) {
	n := int32(5)
	o := &obj{Leaves: []leaf{{Name: "a", Count: &n, Tags: []string{"x"}, Attrs: map[string]string{"k": "v"}}}}
	c := copyOf(o)
	if !reflect.DeepEqual(o, c) {
		t.Fatalf("copy differs")
	}
	*c.Leaves[0].Count = 6
	c.Leaves[0].Tags[0] = "y"
	c.Leaves[0].Attrs["k"] = "w"
	if *o.Leaves[0].Count != 5 || o.Leaves[0].Tags[0] != "x" || o.Leaves[0].Attrs["k"] != "v" {
		t.Errorf("copy shares memory with the original: %+v", o.Leaves[0])
	}
}

type color string

type painted struct {
	Colors []color `json:"colors"`
	Name   string  `json:"name"`
}

// TypeStrings: values of a type come mostly from its own pool (an enum's
// constants), other strings from Strings.
func TestTypeStrings(t *testing.T) {
	cfg := Config{TypeStrings: map[reflect.Type][]string{reflect.TypeFor[color](): {"red", "green"}}}.withDefaults()
	pooled, colors := 0, 0
	for seed := int64(1); seed <= 200; seed++ {
		p := random[painted](cfg, seed)
		for _, c := range p.Colors {
			colors++
			if c == "red" || c == "green" {
				pooled++
			}
		}
		if p.Name == "red" || p.Name == "green" {
			t.Fatalf("a plain string drew from the pool of color: %q", p.Name)
		}
	}
	if colors == 0 || pooled*10 < colors*7 {
		t.Errorf("%d of %d colors from their pool", pooled, colors)
	}
}

// freeForm has the fields of real APIs that randfill cannot make, or makes
// as no API server decodes them: free-form configuration (OpenTelemetry's
// map[string]any behind a MarshalJSON of its own), raw JSON documents
// (External Secrets' apiextensions JSON), a named interface and a func.
type freeForm struct {
	Config  map[string]any       `json:"config,omitempty"`
	Any     any                  `json:"any,omitempty"`
	Doc     *apiextv1.JSON       `json:"doc,omitempty"`
	Docs    []apiextv1.JSON      `json:"docs,omitempty"`
	Message json.RawMessage      `json:"message,omitempty"`
	Ext     runtime.RawExtension `json:"ext,omitempty"`
	Object  runtime.Object       `json:"-"`
	Hook    func()               `json:"-"`
	Leaves  map[string]*leaf     `json:"leaves,omitempty"`
}

// TestFillFreeForm checks that every object Fill and Mutate make of such
// a type is one an API server decodes: no panic, and every raw document
// JSON, so that a differential test compares validators, not a broken
// value's conversion.
func TestFillFreeForm(t *testing.T) {
	filled := map[string]bool{}
	for seed := range int64(300) {
		var o freeForm
		Fill(Config{}, seed, &o)
		for i := range 3 {
			if i > 0 {
				Mutate(Config{}, seed+int64(i), &o)
			}
			b, err := json.Marshal(o)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for _, raw := range append([][]byte{o.Message, o.Ext.Raw}, docs(o)...) {
				if raw != nil && !json.Valid(raw) {
					t.Fatalf("seed %d: raw JSON %q in %s", seed, raw, b)
				}
			}
		}
		filled["config"] = filled["config"] || len(o.Config) > 0
		filled["any"] = filled["any"] || o.Any != nil
		filled["doc"] = filled["doc"] || (o.Doc != nil && o.Doc.Raw != nil)
		filled["message"] = filled["message"] || o.Message != nil
		filled["ext"] = filled["ext"] || o.Ext.Raw != nil
	}
	// Filled, not left empty to keep randfill from panicking.
	for _, f := range []string{"config", "any", "doc", "message", "ext"} {
		if !filled[f] {
			t.Errorf("%s was never filled", f)
		}
	}
}

func docs(o freeForm) [][]byte {
	var out [][]byte
	if o.Doc != nil {
		out = append(out, o.Doc.Raw)
	}
	for _, d := range o.Docs {
		out = append(out, d.Raw)
	}
	return out
}
