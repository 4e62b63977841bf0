package validationtest

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestCoverage(t *testing.T) {
	p := field.NewPath("spec")
	c := NewCoverage("Widget")
	rules := []field.NormalizationRule{{Regexp: regexp.MustCompile(`^spec\.newName$`), Replacement: "spec.oldName"}}
	// Two objects. The first: a covered required field a tag reports
	// (beta), an invalid name reported by a tag with the same origin, one
	// with another origin (no match), a list item's bound no tag reports,
	// and a field renamed on the internal type (normalized).
	c.Add(field.ErrorList{
		field.Required(p.Child("replicas"), "").MarkCoveredByDeclarative(),
		field.Invalid(p.Child("name"), "x", "").WithOrigin("format=k8s-short-name").MarkCoveredByDeclarative(),
		field.Invalid(p.Child("host"), "x", "").WithOrigin("format=k8s-long-name").MarkCoveredByDeclarative(),
		field.TooMany(p.Child("items").Index(3), 4, 3),
		field.Required(p.Child("oldName"), "").MarkCoveredByDeclarative(),
	}, field.ErrorList{
		field.Required(p.Child("replicas"), "").MarkBeta(),
		field.Invalid(p.Child("name"), "x", "").WithOrigin("format=k8s-short-name"),
		field.Invalid(p.Child("host"), "x", "").WithOrigin("format=k8s-short-name"),
		field.Required(p.Child("newName"), "").MarkAlpha(),
	}, rules)
	// The second: the same required field, not reported by a tag this
	// time (a partial match), and another item of the list.
	c.Add(field.ErrorList{
		field.Required(p.Child("replicas"), "").MarkCoveredByDeclarative(),
		field.TooMany(p.Child("items").Index(0), 4, 3),
	}, nil, rules)

	want := []CoverageRow{
		{Field: "spec.host", Type: field.ErrorTypeInvalid, Origin: "format=k8s-long-name", Seen: 1, MarkedCovered: 1},
		{Field: "spec.items[*]", Type: field.ErrorTypeTooMany, Seen: 2},
		{Field: "spec.name", Type: field.ErrorTypeInvalid, Origin: "format=k8s-short-name", Seen: 1, MarkedCovered: 1, Matched: 1, Levels: []string{"stable"}},
		{Field: "spec.oldName", Type: field.ErrorTypeRequired, Seen: 1, MarkedCovered: 1, Matched: 1, Levels: []string{"alpha"}},
		{Field: "spec.replicas", Type: field.ErrorTypeRequired, Seen: 2, MarkedCovered: 2, Matched: 1, Levels: []string{"beta"}},
	}
	if got := c.Rows(); !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n got %+v\nwant %+v", got, want)
	}
	if got, want := c.Summary(), (CoverageSummary{Kinds: 5, MarkedCovered: 4, Matched: 2, PartlyMatched: 1}); got != want {
		t.Errorf("summary %+v, want %+v", got, want)
	}

	var md bytes.Buffer
	if err := WriteCoverageMarkdown(&md, []*Coverage{c}); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"| [Widget](#widget) | 2 | 5 | 4 | 2 (40%) | 1 |",
		"| `spec.replicas` | Required value |  | 2 | 2 | 1 | beta |",
		"| `spec.host` | Invalid value | `format=k8s-long-name` | 1 | 1 | 0 |  |",
	} {
		if !strings.Contains(md.String(), line+"\n") {
			t.Errorf("markdown lacks %q:\n%s", line, md.String())
		}
	}
	var js bytes.Buffer
	if err := WriteCoverageJSON(&js, []*Coverage{c}); err != nil {
		t.Fatal(err)
	}
	var back []struct {
		Kind    string
		Summary CoverageSummary
		Rows    []CoverageRow
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != 1 || back[0].Kind != "Widget" || !reflect.DeepEqual(back[0].Rows, want) || back[0].Summary != c.Summary() {
		t.Errorf("JSON does not round-trip: %s", js.String())
	}
}
