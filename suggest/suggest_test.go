package suggest

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// intProbe is a probe of a handwritten check that reports the values
// reject does.
func intProbe(reject func(int64) bool) Probe {
	return func(_ string, v any) (bool, bool) {
		n, ok := v.(int64)
		if !ok {
			return false, false
		}
		return reject(n), true
	}
}

func invalid(v any) []*field.Error {
	return []*field.Error{field.Invalid(field.NewPath("spec", "n"), v, "")}
}

func TestInferNumericBounds(t *testing.T) {
	k := Kind{Field: "spec.n", Type: field.ErrorTypeInvalid}
	for _, c := range []struct {
		name   string
		bad    any
		reject func(int64) bool
		want   []string
	}{
		{"a minimum", int64(5), func(n int64) bool { return n < 600 }, []string{"+k8s:minimum=600"}},
		{"a maximum", int32(70000), func(n int64) bool { return n > 65535 }, []string{"+k8s:maximum=65535"}},
		{"a range, from below", int64(0), func(n int64) bool { return n < 1 || n > 100 }, []string{"+k8s:minimum=1", "+k8s:maximum=100"}},
		{"a range, from above", int(150), func(n int64) bool { return n < 1 || n > 100 }, []string{"+k8s:minimum=1", "+k8s:maximum=100"}},
		{"negative bounds", int64(-50), func(n int64) bool { return n < -10 }, []string{"+k8s:minimum=-10"}},
	} {
		got, why := Infer(k, invalid(c.bad), intProbe(c.reject))
		var tags []string
		for _, g := range got {
			tags = append(tags, g.Tag)
		}
		if strings.Join(tags, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: %v (%s), want %v", c.name, tags, why, c.want)
		}
	}
	// Checks that are not bounds get no candidate, or one the proof must
	// refute (below).
	for _, c := range []struct {
		name   string
		bad    int64
		reject func(int64) bool
	}{
		{"every value", 3, func(int64) bool { return true }},
		{"the probe does not reproduce it", 3, func(int64) bool { return false }},
		{"even numbers", 4, func(n int64) bool { return n%2 == 0 }},
	} {
		if got, why := Infer(k, invalid(c.bad), intProbe(c.reject)); len(got) != 0 || why == "" {
			t.Errorf("%s: %v, want no candidate and a reason (%q)", c.name, got, why)
		}
	}
}

func TestInferSizes(t *testing.T) {
	p := field.NewPath("spec", "name")
	long := field.TooLong(p, "", 63)
	strProbe := func(max int) Probe {
		return func(_ string, v any) (bool, bool) {
			s, ok := v.(string)
			return ok && len(s) > max, ok
		}
	}
	got, why := Infer(Kind{Field: "spec.name", Type: field.ErrorTypeTooLong}, []*field.Error{long}, strProbe(63))
	if len(got) != 1 || got[0].Tag != "+k8s:maxLength=63" || got[0].Origin != "maxLength" {
		t.Errorf("maxLength: %+v (%s)", got, why)
	}
	// The detail says 63, the check allows 64: no candidate.
	if got, why := Infer(Kind{Field: "spec.name", Type: field.ErrorTypeTooLong}, []*field.Error{long}, strProbe(64)); len(got) != 0 || !strings.Contains(why, "probe disagrees") {
		t.Errorf("a detail the probe contradicts: %+v (%s)", got, why)
	}
	many := field.TooMany(field.NewPath("spec", "items"), 20, 16)
	listProbe := func(_ string, v any) (bool, bool) { n, ok := v.(ListOfLen); return ok && n > 16, ok }
	if got, _ := Infer(Kind{Field: "spec.items", Type: field.ErrorTypeTooMany}, []*field.Error{many}, listProbe); len(got) != 1 || got[0].Tag != "+k8s:maxItems=16" {
		t.Errorf("maxItems: %+v", got)
	}
	if got, _ := Infer(Kind{Field: "spec.x", Type: field.ErrorTypeRequired}, []*field.Error{field.Required(field.NewPath("spec", "x"), "")}, nil); len(got) != 1 || got[0].Tag != "+k8s:required" {
		t.Errorf("required: %+v", got)
	}
	for _, typ := range []field.ErrorType{field.ErrorTypeNotSupported, field.ErrorTypeForbidden, field.ErrorTypeDuplicate, field.ErrorTypeNotFound} {
		if got, why := Infer(Kind{Field: "spec.x", Type: typ}, []*field.Error{{Type: typ, Field: "spec.x"}}, nil); len(got) != 0 || why != Not[typ] {
			t.Errorf("%s: %+v (%s), want no candidate, reason %q", typ, got, why, Not[typ])
		}
	}
	// A string that fails a format is not a bound.
	if got, _ := Infer(Kind{Field: "spec.x", Type: field.ErrorTypeInvalid}, invalid("Bad_Name"), nil); len(got) != 0 {
		t.Errorf("a format: %+v", got)
	}
}

// A proof refutes a candidate that disagrees on one object, and proves
// none without objects.
func TestVerdict(t *testing.T) {
	v := Verdict{Candidate: Candidate{Tag: "+k8s:minimum=6"}}
	if v.Proven() {
		t.Error("proven without objects")
	}
	v.Agrees("valid", nil, nil)
	if v.Proven() {
		t.Error("proven on objects that never break the rule")
	}
	v.Agrees("a", []string{"spec.n"}, []string{"spec.n"})
	v.Agrees("b", nil, nil)
	if !v.Proven() {
		t.Errorf("not proven: %+v", v)
	}
	// "not 5": a value of 4 is accepted by the handwritten check and
	// reported by the candidate's minimum.
	v.Agrees("c", nil, []string{"spec.n"})
	if v.Proven() || len(v.Disagreements) != 1 || !strings.Contains(v.Disagreements[0], "c: handwritten at [], +k8s:minimum=6 at [spec.n]") {
		t.Errorf("a disagreement: %+v", v)
	}
	if line := v.Line("1.38"); line != `// +k8s:alpha(since: "1.38")=+k8s:minimum=6` {
		t.Errorf("line %q", line)
	}
}

func TestInferImmutable(t *testing.T) {
	e := field.Invalid(field.NewPath("spec", "selector"), "x", "field is immutable")
	got, why := Infer(Kind{Field: "spec.selector", Type: field.ErrorTypeInvalid}, []*field.Error{e}, nil)
	if len(got) != 1 || got[0].Tag != "+k8s:immutable" || got[0].Origin != "immutable" {
		t.Errorf("immutable: %+v (%s)", got, why)
	}
	if v := Variants(got[0]); len(v) != 1 || v[0] != (Changed{}) {
		t.Errorf("immutable variants: %v", v)
	}
	type obj struct {
		S string `json:"s"`
		N *int32 `json:"n,omitempty"`
		B bool   `json:"b"`
	}
	o := obj{S: "a", B: true}
	for _, p := range []string{"s", "b"} {
		if err := Put(&o, p, Changed{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := Put(&o, "n", Changed{}); err == nil {
		t.Error("changed an unset pointer")
	}
	if o.S != "ax" || o.B {
		t.Errorf("changed: %+v", o)
	}
}

// The generator names a refused tag's line, or another line it
// conflicts with: both are about the tag.
func TestNamedIn(t *testing.T) {
	p := &Placement{CopyAt: "x/input/corev1/types.go:5946"}
	for line, want := range map[string]bool{
		"x/input/corev1/types.go:5946: +k8s:alpha(...)=+k8s:required: cannot be used":                              true,
		"x/input/corev1/types.go:5951: +k8s:optional: +k8s:optional conflicts with +k8s:required (line 5946); fix": true,
		"x/input/corev1/types.go:5951: +k8s:optional conflicts with +k8s:required (line 594); fix":                 false,
		"x/input/resourcev1/types.go:12: conflicts with +k8s:required (line 5946)":                                 false,
	} {
		if got := p.NamedIn(line); got != want {
			t.Errorf("NamedIn(%q) = %v, want %v", line, got, want)
		}
	}
}
