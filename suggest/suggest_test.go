package suggest

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
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
	for _, typ := range []field.ErrorType{field.ErrorTypeForbidden, field.ErrorTypeDuplicate, field.ErrorTypeNotFound} {
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

// lintObj and lintSpec are the types of TestLintFixes' source, whose
// paths a placement follows.
type lintObj struct{ Spec lintSpec }

type lintSpec struct {
	Name     string
	Items    []string
	Count    int32
	Replicas *int32
}

// The lint's requests are answered above the field it names: with
// +k8s:required where openapi's +required says the field is required (a
// +k8s:optional there is refused by the generator), +k8s:optional
// elsewhere; the placement's tag line moves down, and a marker on the
// way to its field is recorded as its support.
func TestLintFixes(t *testing.T) {
	dir := t.TempDir()
	src := `package x

type lintObj struct {
	Spec lintSpec
}

type lintSpec struct {
	// +required
	Name string
	// +optional
	Items []string
	// Count is documented.
	Count int32
	// +k8s:alpha(since: "1.37")=+k8s:minimum=1
	Replicas *int32
}
`
	if err := os.MkdirAll(filepath.Join(dir, "copy"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "copy", "types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	lint := func(line int, goType, field string) string {
		return "copy/types.go:" + strconv.Itoa(line) + ": +x: field " + goType + "." + field + " has validation (+x) but says neither +k8s:optional, +k8s:required nor +k8s:forbidden, which Kubernetes' lint requires\n"
	}
	out := lint(4, "lintObj", "Spec") + lint(9, "lintSpec", "Name") + lint(11, "lintSpec", "Items") + lint(13, "lintSpec", "Count") +
		"other/types.go:3: field lintSpec.Other has validation (+x) but says neither +k8s:optional\n"
	p := &Placement{Root: reflect.TypeFor[lintObj](), PkgPath: reflect.TypeFor[lintObj]().PkgPath(), GoType: "lintSpec", GoField: "Replicas", CopyAt: "copy/types.go:14"}
	changed, err := LintFixes(dir, []string{"copy"}, out, []*Placement{p})
	if err != nil || !changed {
		t.Fatalf("LintFixes = %v, %v", changed, err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "copy", "types.go"))
	want := `package x

type lintObj struct {
	// +k8s:optional
	Spec lintSpec
}

type lintSpec struct {
	// +required
	// +k8s:required
	Name string
	// +optional
	// +k8s:optional
	Items []string
	// Count is documented.
	// +k8s:optional
	Count int32
	// +k8s:alpha(since: "1.37")=+k8s:minimum=1
	Replicas *int32
}
`
	if string(got) != want {
		t.Errorf("LintFixes wrote\n%s\nwant\n%s", got, want)
	}
	if p.CopyAt != "copy/types.go:18" {
		t.Errorf("the placement's tag line moved to %s, want copy/types.go:18", p.CopyAt)
	}
	if want := []string{"lintObj.Spec: +k8s:optional"}; !reflect.DeepEqual(p.Support, want) {
		t.Errorf("Support = %q, want %q", p.Support, want)
	}
}

// An Unsupported value error's supported values make an enum candidate,
// which the probe must bear out: each value accepted, another reported.
func TestInferEnum(t *testing.T) {
	e := field.NotSupported(field.NewPath("spec", "policy"), "x", []string{"Allow", "Forbid", `Re"place`})
	k := Kind{Field: "spec.policy", Type: field.ErrorTypeNotSupported}
	accepts := func(ok ...string) Probe {
		return func(_ string, v any) (bool, bool) {
			s, isString := v.(string)
			return !slices.Contains(ok, s), isString
		}
	}
	got, why := Infer(k, []*field.Error{e}, accepts("Allow", "Forbid", `Re"place`))
	if len(got) != 1 || got[0].Tag != "+k8s:enum" || got[0].Origin != "" || !reflect.DeepEqual(got[0].Values, []string{"Allow", "Forbid", `Re"place`}) {
		t.Fatalf("enum: %+v (%s)", got, why)
	}
	if v := Variants(got[0]); !reflect.DeepEqual(v, []any{"", Unsupported, "Allow", "Forbid", `Re"place`}) {
		t.Errorf("enum variants: %v", v)
	}
	// The check reports a value it names as supported (a feature gate,
	// say): not an enum of those values.
	if got, why := Infer(k, []*field.Error{e}, accepts("Allow", `Re"place`)); len(got) != 0 || !strings.Contains(why, `"Forbid"`) {
		t.Errorf("a named value reported: %+v (%s)", got, why)
	}
	// The check accepts any other value: not an enum.
	if got, why := Infer(k, []*field.Error{e}, func(string, any) (bool, bool) { return false, true }); len(got) != 0 || !strings.Contains(why, "not an enum") {
		t.Errorf("any value accepted: %+v (%s)", got, why)
	}
	if got, why := Infer(k, []*field.Error{field.NotSupported[string](field.NewPath("spec", "policy"), "x", nil)}, nil); len(got) != 0 || !strings.Contains(why, "lists no supported values") {
		t.Errorf("no values: %+v (%s)", got, why)
	}
}

// enumObj's Policy is an enum type; Other is another string type.
type (
	enumPolicy string
	enumObj    struct {
		Spec   enumSpec   `json:"spec"`
		Status enumStatus `json:"status"`
	}
	enumSpec struct {
		Policy   enumPolicy   `json:"policy"`
		Policies []enumPolicy `json:"policies"`
		Name     string       `json:"name"`
	}
	enumStatus struct {
		Last *enumPolicy `json:"last,omitempty"`
	}
)

// +k8s:enum goes on the field's type, and then holds for every field of
// that type: the proof compares the errors of all of them.
func TestPlaceEnum(t *testing.T) {
	root := reflect.TypeFor[enumObj]()
	c := Candidate{Kind: Kind{Field: "spec.policy", Type: field.ErrorTypeNotSupported}, Tag: "+k8s:enum", Values: []string{"A"}}
	p, err := Place(c, root)
	if err != nil {
		t.Fatal(err)
	}
	if p.EnumType != reflect.TypeFor[enumPolicy]() {
		t.Fatalf("EnumType = %v", p.EnumType)
	}
	for path, want := range map[string]bool{"spec.policy": true, "spec.policies[2]": true, "status.last": true, "spec.name": false} {
		if got := p.Declares(path); got != want {
			t.Errorf("Declares(%s) = %v, want %v", path, got, want)
		}
	}
	if !p.LeadsTo("enumObj", "Status") {
		t.Errorf("LeadsTo: Status holds a field of the enum type")
	}
	if _, err := Place(Candidate{Kind: Kind{Field: "spec.name"}, Tag: "+k8s:enum"}, root); err == nil || !strings.Contains(err.Error(), "not a named string type") {
		t.Errorf("a plain string field: %v", err)
	}

	src := t.TempDir()
	code := "package x\n\n// enumPolicy says what to do.\ntype enumPolicy string\n\nconst PolicyA enumPolicy = \"A\"\n"
	if err := os.WriteFile(filepath.Join(src, "types.go"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "copy")
	q := *p
	if err := CopyWithTags(src, dst, "copy", "1.38", []*Placement{p, &q}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dst, "types.go"))
	want := "package x\n\n// enumPolicy says what to do.\n// +k8s:alpha(since: \"1.38\")=+k8s:enum\ntype enumPolicy string\n\nconst PolicyA enumPolicy = \"A\"\n"
	if string(got) != want {
		t.Errorf("copy:\n%s\nwant:\n%s", got, want)
	}
	if p.CopyAt != "copy/types.go:4" || q.CopyAt != p.CopyAt || p.File != "types.go" || p.Line != 4 {
		t.Errorf("placed at %s (%s:%d), the second at %s", p.CopyAt, p.File, p.Line, q.CopyAt)
	}
}
