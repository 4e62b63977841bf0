package markers

import (
	"errors"
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Warning is a problem that controller-gen passes over in silence in a
// package written for it (an unknown, misplaced or misspelt marker, a
// form its parser does not read): the run does what controller-gen does
// with it, goes on and exits 0, and the warning says so. --strict makes
// the warnings of the run's own packages errors; those of packages
// outside the run never stop it (generators summarizes them by module).
type Warning struct {
	// Kind names what the warning is about, for the summary of a run
	// (WarningKinds lists them).
	Kind WarningKind
	Pos  token.Position
	Tag  string
	Msg  string
	// Does is what controller-gen does with it, which this run did too
	// ("ignores it: the CRD does not check it").
	Does string
	Fix  string
}

// WarningKind is what a warning is about.
type WarningKind string

// The kinds of warnings.
const (
	UnknownMarker        WarningKind = "unknown-marker"         // a name controller-gen does not know
	ColonArgument        WarningKind = "colon-argument"         // Name:value, which names no marker
	MisplacedMarker      WarningKind = "misplaced-marker"       // on a field, type or package that does not read it
	NearMiss             WarningKind = "near-miss"              // + kubebuilder:, +Kubebuilder:
	RequiredOptional     WarningKind = "required-optional"      // both on one field
	K8sTagApplied        WarningKind = "k8s-tag-applied"        // a +k8s: tag applied beyond controller-gen
	K8sTagNotApplied     WarningKind = "k8s-tag-not-applied"    // a +k8s: tag nothing checks
	Contradiction        WarningKind = "contradiction"          // bounds no value satisfies, a marker twice with different values
	BadDefault           WarningKind = "bad-default"            // a default its own field's schema refuses
	JSONString           WarningKind = "json-string"            // json:",string", which the schema does not describe
	NotRegistered        WarningKind = "not-registered"         // a kind without DeepCopyObject yet
	UnguardedField       WarningKind = "unguarded-field"        // a CEL rule reads an optional field without has()
	ServerRejects        WarningKind = "server-rejects"         // a CRD controller-gen writes and the API server refuses
	ConstrainedFile      WarningKind = "constrained-file"       // a type of a file with build constraints, which generated code names
	ControllerGenVersion WarningKind = "controller-gen-version" // CRDs the run replaces that another controller-gen version wrote
	DuplicateCRD         WarningKind = "duplicate-crd"          // a CRD the run writes that another file of --crd-dir holds too
	KindNamesake         WarningKind = "kind-namesake"          // a type named as a kind of its group, which controller-gen makes a version of its CRD
	UnparsedDependency   WarningKind = "unparsed-dependency"    // a package outside the run this validation-gen's Go cannot parse (a newer Go's)
	OutsideTheRun        WarningKind = "outside-the-run"        // problems of another module's packages
	DependencyProblem    WarningKind = "dependency-problem"     // one of those, before they are summarized
)

// WarningKinds are every kind, in the order a summary lists them.
var WarningKinds = []WarningKind{UnknownMarker, ColonArgument, MisplacedMarker, NearMiss, RequiredOptional,
	K8sTagApplied, K8sTagNotApplied, Contradiction, BadDefault, JSONString, NotRegistered, UnguardedField, ServerRejects, KindNamesake, ConstrainedFile, ControllerGenVersion, DuplicateCRD, UnparsedDependency, OutsideTheRun}

func (w *Warning) Error() string { return describe(w.Pos, w.Tag, w.Msg, w.Does, w.Fix) }

// SplitWarnings separates the warnings from the errors of a list that
// holds both, each in file and line order without duplicates.
func SplitWarnings(all []error) (warnings []*Warning, errs []error) {
	seen := map[string]bool{}
	for _, e := range all {
		var w *Warning
		if errors.As(e, &w) {
			if !seen[w.Error()] {
				seen[w.Error()] = true
				warnings = append(warnings, w)
			}
			continue
		}
		errs = append(errs, e)
	}
	SortWarnings(warnings)
	return warnings, errs
}

// SortWarnings orders warnings by file, line and text.
func SortWarnings(ws []*Warning) {
	sort.SliceStable(ws, func(i, j int) bool {
		a, b := ws[i], ws[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Error() < b.Error()
	})
}

// Summary counts warnings by kind: "3 warnings (2 unknown-marker, 1
// colon-argument)"; "" for none.
func Summary(ws []*Warning) string {
	if len(ws) == 0 {
		return ""
	}
	n := map[WarningKind]int{}
	for _, w := range ws {
		n[w.Kind]++
	}
	var parts []string
	for _, k := range WarningKinds {
		if n[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[k], k))
		}
	}
	word := "warnings"
	if len(ws) == 1 {
		word = "warning"
	}
	return fmt.Sprintf("%d %s (%s)", len(ws), word, strings.Join(parts, ", "))
}

// AsErrors makes the warnings among errs errors, in place: in Kubernetes'
// dialect what controller-gen passes over (an unknown kind marker, a
// default its field refuses) is a mistake.
func AsErrors(errs []error) []error {
	for i, e := range errs {
		if w, ok := e.(*Warning); ok {
			errs[i] = &Error{Pos: w.Pos, Tag: w.Tag, Msg: w.Msg, Fix: w.Fix}
		}
	}
	return errs
}
