package runtime

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Mode is the rollout scheme a Migration follows.
type Mode int

const (
	// Lifecycle is how Kubernetes 1.36 and later (1.37 among them) run
	// declarative validation: it always runs, and the stability level of
	// each error decides whether it is enforced. Stable errors always are;
	// beta errors (+k8s:beta) unless DisableBeta is set (Kubernetes'
	// DeclarativeValidationBeta gate off); alpha errors (+k8s:alpha)
	// never, the handwritten ones stay authoritative. A handwritten error
	// marked CoveredByDeclarative is dropped where an enforced beta error
	// matches it; a stable rule's handwritten check is expected to be
	// deleted. Only alpha and beta errors are compared with the
	// handwritten ones: a stable error may have no handwritten
	// counterpart. This is the zero Mode.
	Lifecycle Mode = iota
	// Switches134 is the scheme of Kubernetes 1.33 to 1.35: the two
	// feature gates of Switches, with EnforceAlpha and EnforceBeta.
	Switches134
)

func (m Mode) String() string {
	if m == Switches134 {
		return "switches-1.34"
	}
	return "lifecycle"
}

// Switches are the two feature gates with which Kubernetes 1.33 to 1.35
// roll out declarative validation, under the same names (Switches134).
type Switches struct {
	// DeclarativeValidation runs declarative (generated) validation beside
	// the handwritten one and compares the two. Off, only handwritten
	// validation runs.
	DeclarativeValidation bool
	// DeclarativeValidationTakeover makes the declarative result
	// authoritative for the errors it covers. It has no effect while
	// DeclarativeValidation is off.
	DeclarativeValidationTakeover bool
}

// Migration runs handwritten and declarative validation of one kind side
// by side while a type moves from handwritten validation.go to tags. The
// zero value follows Kubernetes 1.37 (Lifecycle, beta enforced); a
// Migration is safe for concurrent use once set up.
type Migration struct {
	// Mode is the rollout scheme; the fields below say which mode reads
	// them.
	Mode Mode
	// DisableBeta (Lifecycle) stops enforcing beta errors, as Kubernetes'
	// DeclarativeValidationBeta gate turned off does: they are compared
	// and the handwritten errors stay authoritative.
	DisableBeta bool
	// Switches (Switches134) are the two feature gates.
	Switches
	// EnforceAlpha and EnforceBeta (Switches134) let declarative errors
	// marked alpha or beta (field.Error.ValidationStabilityLevel) be
	// authoritative under takeover. Unenforced, they are still compared,
	// and the handwritten errors they match stay authoritative.
	EnforceAlpha, EnforceBeta bool
	// NormalizationRules rewrite the field paths of declarative errors
	// before they are compared (the first matching rule applies), for
	// example when handwritten validation runs on an internal version whose
	// paths differ from the versioned type's.
	NormalizationRules []field.NormalizationRule
	// ShortCircuitMismatch lets a covered handwritten error match a
	// declarative short-circuit error (+k8s:required, +k8s:maxItems...)
	// of one of its ancestors, as Kubernetes' DeclarativeValidationConfig
	// of the same name does.
	ShortCircuitMismatch bool
	// Logger receives one line per mismatch and per recovered panic; nil
	// means slog.Default().
	Logger *slog.Logger
	// Metrics counts mismatches and panics; nil counts nothing.
	Metrics *Metrics
}

// Identifier names a validation in logs and metrics:
// <kind>_<subresource>_<create|update>, e.g. "Widget_status_update", and
// <kind>_<create|update> for the resource itself, e.g. "Widget_create".
func Identifier(kind string, op operation.Operation) string {
	verb := "create"
	if op.Type == operation.Update {
		verb = "update"
	}
	if len(op.Request.Subresources) == 0 {
		return kind + "_" + verb
	}
	return kind + "_" + strings.Join(op.Request.Subresources, "_") + "_" + verb
}

// Validate returns the authoritative errors for one object.
//
// handwritten is the result of the handwritten validation; declarative
// runs the generated one (usually Validate_<Kind> or a registry). A panic
// in declarative is recovered, logged, counted and reported as an
// InternalError, which is always enforced. Every mismatch (see Compare)
// is logged and counted.
//
// Lifecycle: declarative always runs; its alpha and beta errors are
// compared with handwritten; the result is handwritten, without the
// covered errors an enforced beta error matches, plus the enforced
// declarative errors (see Lifecycle). Handwritten errors are marked
// FromImperative, as Kubernetes marks them.
//
// Switches134: with DeclarativeValidation off, declarative is not called
// and handwritten is returned. Otherwise all errors are compared; the
// result is handwritten, or with takeover: handwritten without the errors
// marked CoveredByDeclarative, plus the enforced declarative errors. (A
// covered handwritten error whose only declarative matches are not
// enforced stays.)
func (m *Migration) Validate(ctx context.Context, kind string, op operation.Operation, handwritten field.ErrorList, declarative func() field.ErrorList) field.ErrorList {
	if m.Mode == Lifecycle {
		return m.lifecycle(ctx, kind, op, handwritten, declarative)
	}
	if !m.DeclarativeValidation {
		return handwritten
	}
	id := Identifier(kind, op)
	declared := m.runDeclarative(ctx, id, declarative)
	m.report(ctx, id, compare(handwritten, declared, m.NormalizationRules, m.ShortCircuitMismatch))
	if !m.DeclarativeValidationTakeover {
		return handwritten
	}
	return m.takeover(handwritten, declared)
}

func (m *Migration) lifecycle(ctx context.Context, kind string, op operation.Operation, handwritten field.ErrorList, declarative func() field.ErrorList) field.ErrorList {
	handwritten = handwritten.MarkFromImperative()
	id := Identifier(kind, op)
	declared := m.runDeclarative(ctx, id, declarative)
	var staged field.ErrorList // alpha and beta: compared
	for _, d := range declared {
		if d.IsAlpha() || d.IsBeta() {
			staged = append(staged, d)
		}
	}
	m.report(ctx, id, compare(handwritten, staged, m.NormalizationRules, m.ShortCircuitMismatch))
	var enforced field.ErrorList
	for _, d := range declared {
		if m.enforced(d) {
			enforced = append(enforced, d)
		}
	}
	if len(handwritten) == 0 {
		return enforced
	}
	// ErrorList.Filter, as the API server filters: it also drops a
	// handwritten error whose message repeats an earlier one's.
	matcher := comparison(m.NormalizationRules)
	out := handwritten.Filter(func(e error) bool {
		h, ok := e.(*field.Error)
		return ok && h.CoveredByDeclarative && anyBetaMatch(matcher, h, enforced)
	})
	return append(out, enforced...)
}

// anyBetaMatch reports whether a beta error of declared matches the
// handwritten error h.
func anyBetaMatch(matcher field.ErrorMatcher, h *field.Error, declared field.ErrorList) bool {
	for _, d := range declared {
		if d.IsBeta() && matcher.Matches(h, d) {
			return true
		}
	}
	return false
}

// report logs and counts mismatches.
func (m *Migration) report(ctx context.Context, id string, mismatches []Mismatch) {
	for _, mm := range mismatches {
		m.logger().LogAttrs(ctx, slog.LevelWarn, "declarative validation mismatch",
			slog.String("validation_identifier", id),
			slog.String("mismatch", string(mm.Kind)),
			slog.String("error", mm.Error.Error()),
			slog.String("type", string(mm.Error.Type)),
			slog.String("field", mm.Error.Field),
			slog.String("origin", mm.Error.Origin),
			slog.String("level", StabilityLevel(mm.Error)),
			slog.String("mode", m.Mode.String()),
			slog.Bool("enforced", m.authoritative()))
		m.Metrics.mismatch(id)
	}
}

// authoritative reports whether declarative errors can replace
// handwritten ones in this configuration: beta errors in Lifecycle,
// takeover in Switches134.
func (m *Migration) authoritative() bool {
	if m.Mode == Lifecycle {
		return !m.DisableBeta
	}
	return m.DeclarativeValidationTakeover
}

// StabilityLevel is an error's stability level as metrics and logs name
// it: "alpha", "beta" or "stable".
func StabilityLevel(e *field.Error) string {
	switch {
	case e.IsAlpha():
		return "alpha"
	case e.IsBeta():
		return "beta"
	}
	return "stable"
}

func (m *Migration) logger() *slog.Logger {
	if m.Logger != nil {
		return m.Logger
	}
	return slog.Default()
}

// runDeclarative calls declarative, turning a panic into an InternalError.
func (m *Migration) runDeclarative(ctx context.Context, id string, declarative func() field.ErrorList) (errs field.ErrorList) {
	defer func() {
		if r := recover(); r != nil {
			m.logger().LogAttrs(ctx, slog.LevelError, "declarative validation panicked",
				slog.String("validation_identifier", id),
				slog.String("panic", fmt.Sprint(r)))
			m.Metrics.panicked(id)
			errs = field.ErrorList{field.InternalError(nil, fmt.Errorf("panic in declarative validation %s: %v", id, r))}
		}
	}()
	return declarative()
}

// enforced reports whether a declarative error is authoritative: internal
// errors and unmarked (stable) errors always are; alpha and beta ones as
// the mode says.
func (m *Migration) enforced(e *field.Error) bool {
	switch {
	case e.Type == field.ErrorTypeInternal:
		return true
	case e.IsAlpha():
		return m.Mode == Switches134 && m.EnforceAlpha
	case e.IsBeta():
		if m.Mode == Lifecycle {
			return !m.DisableBeta
		}
		return m.EnforceBeta
	}
	return true
}

func (m *Migration) takeover(handwritten, declared field.ErrorList) field.ErrorList {
	matcher := comparison(m.NormalizationRules)
	var out field.ErrorList
	for _, h := range handwritten {
		if !h.CoveredByDeclarative {
			out = append(out, h)
			continue
		}
		matched, anyEnforced := false, false
		for _, d := range declared {
			if matcher.Matches(h, d) {
				matched = true
				anyEnforced = anyEnforced || m.enforced(d)
			}
		}
		if matched && !anyEnforced {
			out = append(out, h) // declarative is not yet authoritative for this rule
		}
	}
	for _, d := range declared {
		if m.enforced(d) {
			out = append(out, d)
		}
	}
	return out
}

// MismatchKind says which side of a comparison an error was found on only.
type MismatchKind string

const (
	// MissingInDeclarative: a handwritten error marked CoveredByDeclarative
	// that no declarative error matches.
	MissingInDeclarative MismatchKind = "missing_in_declarative"
	// ExtraInDeclarative: a declarative error that no covered handwritten
	// error matches.
	ExtraInDeclarative MismatchKind = "extra_in_declarative"
)

// Mismatch is one error found on one side only.
type Mismatch struct {
	Kind  MismatchKind
	Error *field.Error
}

func (m Mismatch) String() string { return string(m.Kind) + ": " + m.Error.Error() }

// comparison matches errors as Kubernetes does: by Type, Origin (which an
// Invalid error must have on both sides) and field path, the declarative
// path normalized; detail text and bad value do not count.
func comparison(rules []field.NormalizationRule) field.ErrorMatcher {
	return field.ErrorMatcher{}.ByType().ByOrigin().RequireOriginWhenInvalid().ByFieldNormalized(rules)
}

// Matches reports whether the declarative error d matches the
// handwritten error h as Compare and Migration match them: the same Type
// and Origin (which an Invalid error must have), and the same field path
// once the first matching rule has rewritten d's.
func Matches(rules []field.NormalizationRule, h, d *field.Error) bool {
	return comparison(rules).Matches(h, d)
}

// Compare lists the differences between handwritten and declarative
// errors, matched by Type, Origin and field path (see comparison). Only
// handwritten errors marked CoveredByDeclarative take part. A covered
// handwritten error that no declarative error matches is missing in
// declarative; a declarative error that no covered handwritten error
// matches is extra. How many errors one place has does not count: one
// rule may report a place once where the other reports it per offending
// key or item, and handwritten errors that match each other (a check
// called twice) are one, as Kubernetes' API server dedupes them
// (TestLifecycleMatchesAPIServer).
func Compare(handwritten, declarative field.ErrorList, rules []field.NormalizationRule) []Mismatch {
	return compare(handwritten, declarative, rules, false)
}

func compare(handwritten, declarative field.ErrorList, rules []field.NormalizationRule, shortCircuit bool) []Mismatch {
	if len(handwritten) == 0 && len(declarative) == 0 {
		return nil
	}
	matcher := comparison(rules)
	var deduped field.ErrorList
	for _, h := range handwritten {
		if !anyMatch(matcher, h, deduped, false) {
			deduped = append(deduped, h)
		}
	}
	var out []Mismatch
	for _, h := range deduped {
		if !h.CoveredByDeclarative {
			continue
		}
		if anyMatch(matcher, h, declarative, false) {
			continue
		}
		if shortCircuit && anyMatch(matcher.MatchAncestorShortCircuit(), h, declarative, false) {
			continue
		}
		out = append(out, Mismatch{Kind: MissingInDeclarative, Error: h})
	}
	for _, d := range declarative {
		if !anyMatch(matcher, d, deduped, true) {
			out = append(out, Mismatch{Kind: ExtraInDeclarative, Error: d})
		}
	}
	return out
}

// anyMatch reports whether e matches one of list. With reversed, e is a
// declarative error and list the handwritten ones, of which only covered
// errors count; the handwritten error is always the matcher's "want", so
// that normalization applies to the declarative path.
func anyMatch(m field.ErrorMatcher, e *field.Error, list field.ErrorList, reversed bool) bool {
	for _, o := range list {
		if reversed {
			if o.CoveredByDeclarative && m.Matches(o, e) {
				return true
			}
			continue
		}
		if m.Matches(e, o) {
			return true
		}
	}
	return false
}
