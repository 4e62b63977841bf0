package validationtest

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// Coverage measures how much of one kind's handwritten validation its
// declarative validation reports: for every kind of handwritten error
// seen (field path with list indices and map keys folded, Type, Origin),
// how often it was seen, how often the handwritten code marked it
// CoveredByDeclarative, and how often a declarative error matched it (as
// runtime.Migration matches them, vgruntime.Matches) and at which
// stability levels. Feed it every validation of a run with Add.
type Coverage struct {
	Kind string
	// Validations counts the calls to Add.
	Validations int
	rows        map[coverageKey]*CoverageRow
}

type coverageKey struct {
	field  string
	typ    field.ErrorType
	origin string
}

// CoverageRow is one kind of handwritten error.
type CoverageRow struct {
	Field  string          `json:"field"`
	Type   field.ErrorType `json:"type"`
	Origin string          `json:"origin,omitempty"`
	// Seen counts the handwritten errors of this kind; MarkedCovered
	// those marked CoveredByDeclarative; Matched those a declarative
	// error matched.
	Seen          int `json:"seen"`
	MarkedCovered int `json:"markedCovered"`
	Matched       int `json:"matched"`
	// Levels are the stability levels of the declarative errors that
	// matched ("alpha", "beta", "stable"), sorted.
	Levels []string `json:"levels,omitempty"`
}

// NewCoverage starts the coverage of a kind.
func NewCoverage(kind string) *Coverage {
	return &Coverage{Kind: kind, rows: map[coverageKey]*CoverageRow{}}
}

var pathIndex = regexp.MustCompile(`\[[^\]]*\]`)

// FoldPath writes every list index and map key of a field path as [*].
func FoldPath(p string) string { return pathIndex.ReplaceAllString(p, "[*]") }

// Add records one validation: the handwritten errors, the declarative
// ones of the same object, and the normalization rules that map
// declarative paths to handwritten ones.
func (c *Coverage) Add(handwritten, declarative field.ErrorList, rules []field.NormalizationRule) {
	c.Validations++
	for _, h := range handwritten {
		k := coverageKey{FoldPath(h.Field), h.Type, h.Origin}
		row := c.rows[k]
		if row == nil {
			row = &CoverageRow{Field: k.field, Type: k.typ, Origin: k.origin}
			c.rows[k] = row
		}
		row.Seen++
		if h.CoveredByDeclarative {
			row.MarkedCovered++
		}
		matched := false
		for _, d := range declarative {
			if vgruntime.Matches(rules, h, d) {
				matched = true
				if l := vgruntime.StabilityLevel(d); !slices.Contains(row.Levels, l) {
					row.Levels = append(row.Levels, l)
					sort.Strings(row.Levels)
				}
			}
		}
		if matched {
			row.Matched++
		}
	}
}

// Rows are the kinds of handwritten errors seen, by field, Type, Origin.
func (c *Coverage) Rows() []CoverageRow {
	out := make([]CoverageRow, 0, len(c.rows))
	for _, r := range c.rows {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Field != b.Field {
			return a.Field < b.Field
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.Origin < b.Origin
	})
	return out
}

// CoverageSummary counts a kind's rows: error kinds seen, those marked
// covered at least once, and those matched every time they were seen
// (covered by the tags on every object that showed them).
type CoverageSummary struct {
	Kinds         int `json:"kinds"`
	MarkedCovered int `json:"markedCovered"`
	Matched       int `json:"matched"`
	PartlyMatched int `json:"partlyMatched"`
}

// Summary counts the rows.
func (c *Coverage) Summary() CoverageSummary {
	var s CoverageSummary
	for _, r := range c.rows {
		s.Kinds++
		if r.MarkedCovered > 0 {
			s.MarkedCovered++
		}
		switch {
		case r.Matched == r.Seen:
			s.Matched++
		case r.Matched > 0:
			s.PartlyMatched++
		}
	}
	return s
}

// WriteCoverageMarkdown writes a report of several kinds: a summary
// table, then each kind's rows.
func WriteCoverageMarkdown(w io.Writer, cs []*Coverage) error {
	var b strings.Builder
	b.WriteString("| kind | validations | handwritten error kinds | marked covered | matched by a tag | partly matched |\n|---|---:|---:|---:|---:|---:|\n")
	for _, c := range cs {
		s := c.Summary()
		fmt.Fprintf(&b, "| [%s](#%s) | %d | %d | %d | %d (%s) | %d |\n", c.Kind, strings.ToLower(c.Kind), c.Validations, s.Kinds, s.MarkedCovered, s.Matched, percent(s.Matched, s.Kinds), s.PartlyMatched)
	}
	for _, c := range cs {
		fmt.Fprintf(&b, "\n### %s\n\n", c.Kind)
		rows := c.Rows()
		if len(rows) == 0 {
			b.WriteString("No handwritten error seen.\n")
			continue
		}
		b.WriteString("| field | type | origin | seen | marked covered | matched | levels |\n|---|---|---|---:|---:|---:|---|\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %d | %d | %d | %s |\n", r.Field, r.Type, code(r.Origin), r.Seen, r.MarkedCovered, r.Matched, strings.Join(r.Levels, ", "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCoverageJSON writes the kinds' rows as JSON.
func WriteCoverageJSON(w io.Writer, cs []*Coverage) error {
	type kind struct {
		Kind        string          `json:"kind"`
		Validations int             `json:"validations"`
		Summary     CoverageSummary `json:"summary"`
		Rows        []CoverageRow   `json:"rows"`
	}
	out := make([]kind, len(cs))
	for i, c := range cs {
		out[i] = kind{c.Kind, c.Validations, c.Summary(), c.Rows()}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", n*100/of)
}

func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}
