// Package suggest proposes the tag that would report a handwritten
// validation error no tag reports yet, and says whether a proof bears it
// out. Inference reads the error kind (Type, field path), the errors seen
// and, for bounds, a probe that runs the handwritten validation again
// with another value in the field; the proof is the caller's: generate
// with the tag added (behind +k8s:alpha, in a scratch copy), validate the
// same objects and compare with Agrees. Only proven suggestions are worth
// showing.
//
// Classes inferred: required fields, numeric bounds (minimum, maximum,
// searched with the probe), string lengths (maxLength) and list sizes
// (maxItems), read from the error and checked with the probe,
// immutability (proven on updates), and enums (+k8s:enum on the field's
// string type, from the values the error says are supported, checked
// with the probe). Not inferred (Not lists why): formats, uniqueness,
// cross-field and existence checks.
package suggest

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Kind is one kind of handwritten error: its field path with list
// indices and map keys folded to [*], its Type, and its origin (most
// often none: a check no tag covers yet).
type Kind struct {
	Field             string
	Type              field.ErrorType
	HandwrittenOrigin string
}

// Candidate is a tag proposed for a kind of handwritten error.
type Candidate struct {
	Kind
	// Tag is the tag to put on the field ("+k8s:minimum=600"); Origin the
	// origin its errors carry, which the handwritten error must then carry
	// too (with MarkCoveredByDeclarative) for the API server to match the
	// two.
	Tag, Origin string
	// Bound is the number the tag compares with (0 for +k8s:required).
	Bound int64
	// Values are the values an enum accepts, as the handwritten error
	// lists them.
	Values []string
	// Why says how it was found.
	Why string
}

// Probe runs the handwritten validation of an object that showed the
// error at path, with value put at path, and reports whether it reports
// an error of the same Type at path. ok is false when the value cannot be
// put there (another type).
type Probe func(path string, value any) (reported, ok bool)

// Not explains, by Type, why a kind of error gets no candidate.
var Not = map[field.ErrorType]string{
	field.ErrorTypeForbidden:   "a field forbidden by another one's value (+k8s:ifEnabled, unions, cross-field rules): not inferred",
	field.ErrorTypeDuplicate:   "uniqueness (+k8s:listType=set/map with keys): not inferred",
	field.ErrorTypeNotFound:    "an existence check outside the object: no tag",
	field.ErrorTypeInternal:    "an internal error: no tag",
	field.ErrorTypeTypeInvalid: "a type error: the schema's, no tag",
}

var firstNumber = regexp.MustCompile(`-?\d+`)

// Infer proposes the candidates for kind from the handwritten errors of
// that kind seen (concrete paths; at least one) and a probe of the first
// of them (nil: no bound search). It returns no candidate and the reason
// when it cannot infer one.
func Infer(k Kind, seen []*field.Error, probe Probe) ([]Candidate, string) {
	if len(seen) == 0 {
		return nil, "no error seen"
	}
	e := seen[0]
	switch k.Type {
	case field.ErrorTypeRequired:
		return []Candidate{{Kind: k, Tag: "+k8s:required", Why: "a Required error"}}, ""
	case field.ErrorTypeTooLong:
		return sizeBound(k, e, probe, "+k8s:maxLength", "maxLength", func(n int64) any { return strings.Repeat("a", int(n)) })
	case field.ErrorTypeTooMany:
		return sizeBound(k, e, probe, "+k8s:maxItems", "maxItems", func(n int64) any { return ListOfLen(n) })
	case field.ErrorTypeNotSupported:
		return enum(k, e, probe)
	case field.ErrorTypeInvalid:
		if strings.Contains(e.Detail, "field is immutable") {
			return []Candidate{{Kind: k, Tag: "+k8s:immutable", Origin: "immutable", Why: "an Invalid error saying the field is immutable"}}, ""
		}
		if _, isInt := asInt(e.BadValue); !isInt || probe == nil {
			return nil, "an Invalid error on a value that is not a number: a format or a cross-field rule, not inferred"
		}
		return numericBounds(k, e, probe)
	}
	if why, ok := Not[k.Type]; ok {
		return nil, why
	}
	return nil, "no rule for " + string(k.Type)
}

// Unsupported is a value no enum of the API accepts, which a proof and a
// probe put where an enum is inferred.
const Unsupported = "not-a-supported-value"

var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// enum reads the supported values from a NotSupported error's detail
// ("supported values: "A", "B"", as field.NotSupported writes it) and
// checks them with the probe: each value accepted, another one reported.
// Whether the field's type declares exactly those constants, which
// +k8s:enum allows, is for the proof to show.
func enum(k Kind, e *field.Error, probe Probe) ([]Candidate, string) {
	_, list, ok := strings.Cut(e.Detail, "supported values: ")
	if !ok {
		return nil, "an Unsupported value error that lists no supported values: not inferred"
	}
	var values []string
	for _, q := range quoted.FindAllString(list, -1) {
		v, err := strconv.Unquote(q)
		if err != nil {
			return nil, "the supported values in the error's detail do not read as quoted strings"
		}
		values = append(values, v)
	}
	if len(values) == 0 {
		return nil, "an Unsupported value error that lists no supported values: not inferred"
	}
	why := fmt.Sprintf("the %d supported values in the error's detail", len(values))
	if probe != nil {
		for _, v := range values {
			if reported, ok := probe(e.Field, v); ok && reported {
				return nil, fmt.Sprintf("the error names %q as supported, but the check reports it: not an enum of the values", v)
			}
		}
		if reported, ok := probe(e.Field, Unsupported); ok && !reported {
			return nil, fmt.Sprintf("the check accepts %q: not an enum", Unsupported)
		}
		why += ", probed: each accepted, another value reported"
	}
	return []Candidate{{Kind: k, Tag: "+k8s:enum", Values: values, Why: why}}, ""
}

// ListOfLen asks a probe for a list of n items (copies of the field's
// first item, or zero items).
type ListOfLen int64

// sizeBound reads the limit from the error's detail and checks it with
// the probe: n is accepted, n+1 reported.
func sizeBound(k Kind, e *field.Error, probe Probe, tag, origin string, of func(int64) any) ([]Candidate, string) {
	m := firstNumber.FindString(e.Detail)
	if m == "" {
		return nil, "no limit in the error's detail"
	}
	n, err := strconv.ParseInt(m, 10, 64)
	if err != nil || n < 0 {
		return nil, "no limit in the error's detail"
	}
	why := "the limit in the error's detail"
	if probe != nil {
		at, okAt := probe(e.Field, of(n))
		over, okOver := probe(e.Field, of(n+1))
		if okAt && okOver {
			if at || !over {
				return nil, fmt.Sprintf("the detail says %d, but the probe disagrees (%d reported: %v, %d reported: %v)", n, n, at, n+1, over)
			}
			why += fmt.Sprintf(", probed: %d accepted, %d reported", n, n+1)
		}
	}
	return []Candidate{{Kind: k, Tag: fmt.Sprintf("%s=%d", tag, n), Origin: origin, Bound: n, Why: why}}, ""
}

// numericBounds searches, from the bad value, for the range of values
// the handwritten check accepts: the first accepted value on one side of
// it, then where acceptance ends beyond that. The accepted range's ends
// inside int32 are the bounds: a minimum, a maximum or both.
func numericBounds(k Kind, e *field.Error, probe Probe) ([]Candidate, string) {
	bad, _ := asInt(e.BadValue)
	reported := func(v int64) bool { r, _ := probe(e.Field, v); return r }
	if r, ok := probe(e.Field, bad); !ok || !r {
		return nil, "the probe does not reproduce the error with its own bad value"
	}
	const lo, hi = math.MinInt32, math.MaxInt32
	accepted := func(v int64) bool { return !reported(v) }
	var min, max int64 = lo, hi
	var hasMin, hasMax bool
	if first, ok := edge(bad, +1, hi, accepted); ok { // the range is above bad
		min, hasMin = first, true
		if end, ok := edge(first, +1, hi, reported); ok {
			max, hasMax = end-1, true
		}
	} else if first, ok := edge(bad, -1, lo, accepted); ok { // below bad
		max, hasMax = first, true
		if end, ok := edge(first, -1, lo, reported); ok {
			min, hasMin = end+1, true
		}
	}
	outside := func(vs ...int64) bool { // every value outside the range is reported
		for _, v := range vs {
			if v >= lo && v <= hi && (v < min || v > max) && !reported(v) {
				return false
			}
		}
		return true
	}
	if (!hasMin && !hasMax) || !allAccepted(accepted, min, max) ||
		hasMin && !outside(min-1, min-2, min-3, lo+(min-lo)/2, lo) ||
		hasMax && !outside(max+1, max+2, max+3, max+(hi-max)/2, hi) {
		return nil, "the probe finds no range of accepted values (the check is not a minimum or maximum of the value)"
	}
	var out []Candidate
	if hasMin {
		out = append(out, Candidate{Kind: k, Tag: fmt.Sprintf("+k8s:minimum=%d", min), Origin: "minimum", Bound: min,
			Why: fmt.Sprintf("probed: %d reported, %d accepted", min-1, min)})
	}
	if hasMax {
		out = append(out, Candidate{Kind: k, Tag: fmt.Sprintf("+k8s:maximum=%d", max), Origin: "maximum", Bound: max,
			Why: fmt.Sprintf("probed: %d accepted, %d reported", max, max+1)})
	}
	return out, ""
}

// edge walks from (which fails want) in direction dir, in doubling steps
// no further than limit, to the first value that has want, and returns
// the nearest such value to from.
func edge(from, dir, limit int64, want func(int64) bool) (int64, bool) {
	last := from // fails want
	for step := int64(1); ; step *= 2 {
		v := from + dir*step
		if dir > 0 && (v > limit || v < from) || dir < 0 && (v < limit || v > from) {
			v = limit
		}
		if want(v) {
			// Bisect between last (fails) and v (has).
			a, b := last, v
			for a-b > 1 || b-a > 1 {
				mid := a + (b-a)/2
				if want(mid) {
					b = mid
				} else {
					a = mid
				}
			}
			return b, true
		}
		if v == limit {
			return 0, false
		}
		last = v
	}
}

// allAccepted spot-checks the range found: bisection finds a bound only if
// the check does not also report values inside the range (a check of "not
// one of these values" would fool it).
func allAccepted(accepted func(int64) bool, a, b int64) bool {
	for _, v := range []int64{a, a + 1, a + (b-a)/3, a + (b-a)/2, b - 1, b} {
		if v >= a && v <= b && !accepted(v) {
			return false
		}
	}
	return true
}

func asInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case *int32:
		if x != nil {
			return int64(*x), true
		}
	case *int64:
		if x != nil {
			return *x, true
		}
	}
	return 0, false
}

// Verdict is a candidate's proof: on every object, the errors of its kind
// (concrete field paths) the handwritten validation reports and those the
// tag reports.
type Verdict struct {
	Candidate
	// Objects counts the objects validated, Agreed those on which the tag
	// and the handwritten check agreed, Reported those on which the
	// handwritten check reported the error.
	Objects, Agreed, Reported int
	// Disagreements are the first objects on which they differ.
	Disagreements []string
}

// Proven: the tag reported exactly the handwritten errors of its kind on
// every object, and some objects showed the error (a proof on objects
// that never break the rule proves nothing).
func (v Verdict) Proven() bool { return v.Reported > 0 && v.Agreed == v.Objects }

// Agrees records one object: the concrete paths at which the handwritten
// validation reported the candidate's kind of error, and at which the tag
// did.
func (v *Verdict) Agrees(object string, handwritten, tag []string) {
	v.Objects++
	if len(handwritten) > 0 {
		v.Reported++
	}
	h, t := sorted(handwritten), sorted(tag)
	if strings.Join(h, "\n") == strings.Join(t, "\n") {
		v.Agreed++
		return
	}
	if len(v.Disagreements) < 5 {
		v.Disagreements = append(v.Disagreements, fmt.Sprintf("%s: handwritten at %v, %s at %v", object, h, v.Tag, t))
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// Line is the comment line that adds a candidate's tag behind
// +k8s:alpha, as a migration starts.
func (c Candidate) Line(since string) string {
	return fmt.Sprintf("// +k8s:alpha(since: %q)=%s", since, c.Tag)
}
