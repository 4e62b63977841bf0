package runtime

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func covered(e *field.Error) *field.Error { return e.MarkCoveredByDeclarative() }

func TestIdentifier(t *testing.T) {
	cases := map[string]operation.Operation{
		"Widget_create":        {Type: operation.Create},
		"Widget_update":        {Type: operation.Update},
		"Widget_status_update": {Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}},
		"Widget_x_y_create":    {Type: operation.Create, Request: operation.Request{Subresources: []string{"x", "y"}}},
	}
	for want, op := range cases {
		if got := Identifier("Widget", op); got != want {
			t.Errorf("Identifier(%v) = %q, want %q", op, got, want)
		}
	}
}

func TestCompare(t *testing.T) {
	p := field.NewPath("spec", "replicas")
	rules := []field.NormalizationRule{{Regexp: regexp.MustCompile(`^spec\.template\.`), Replacement: "spec."}}
	cases := []struct {
		name       string
		hand, decl field.ErrorList
		want       []string
	}{
		{"agree; detail and value ignored", field.ErrorList{covered(field.Invalid(p, 1, "x").WithOrigin("minimum"))},
			field.ErrorList{field.Invalid(p, 2, "y").WithOrigin("minimum")}, nil},
		{"uncovered handwritten errors do not take part", field.ErrorList{field.Required(p, "")}, nil, nil},
		{"missing", field.ErrorList{covered(field.Required(p, ""))}, nil,
			[]string{"missing_in_declarative: spec.replicas: Required value"}},
		{"extra", nil, field.ErrorList{field.Required(p, "")},
			[]string{"extra_in_declarative: spec.replicas: Required value"}},
		{"extra against an uncovered error", field.ErrorList{field.Required(p, "")}, field.ErrorList{field.Required(p, "")},
			[]string{"extra_in_declarative: spec.replicas: Required value"}},
		{"origin differs", field.ErrorList{covered(field.Invalid(p, 1, "x").WithOrigin("minimum"))},
			field.ErrorList{field.Invalid(p, 1, "x").WithOrigin("maximum")},
			[]string{"missing_in_declarative", "extra_in_declarative"}},
		{"Invalid without origin never matches", field.ErrorList{covered(field.Invalid(p, 1, "x"))},
			field.ErrorList{field.Invalid(p, 1, "x")}, []string{"missing_in_declarative", "extra_in_declarative"}},
		{"normalized declarative path", field.ErrorList{covered(field.Required(p, ""))},
			field.ErrorList{field.Required(field.NewPath("spec", "template", "replicas"), "")}, nil},
		{"multiplicity does not count", field.ErrorList{covered(field.Invalid(p, "a", "").WithOrigin("format=k8s-short-name")), covered(field.Invalid(p, "b", "").WithOrigin("format=k8s-short-name"))},
			field.ErrorList{field.Invalid(p, "a", "").WithOrigin("format=k8s-short-name")}, nil},
	}
	for _, c := range cases {
		got := Compare(c.hand, c.decl, rules)
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(got[i].String(), w) {
				t.Errorf("%s: [%d] = %q, want prefix %q", c.name, i, got[i], w)
			}
		}
	}
}

func TestTakeoverAndStability(t *testing.T) {
	ctx := context.Background()
	p := field.NewPath("spec", "size")
	hand := field.ErrorList{
		covered(field.Invalid(p, 0, "").WithOrigin("minimum")),
		field.Required(field.NewPath("spec", "name"), ""), // not covered: always kept
		covered(field.Forbidden(field.NewPath("spec", "legacy"), "")),
	}
	alpha := field.Invalid(p, 0, "").WithOrigin("minimum").MarkAlpha()
	beta := field.TooLong(field.NewPath("spec", "note"), "", 3).WithOrigin("maxLength").MarkBeta()
	decl := field.ErrorList{alpha, beta}
	m := &Migration{Mode: Switches134, Switches: Switches{DeclarativeValidation: true, DeclarativeValidationTakeover: true},
		Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
	fields := func(errs field.ErrorList) string {
		var out []string
		for _, e := range errs {
			out = append(out, e.Field)
		}
		return strings.Join(out, ",")
	}
	run := func() field.ErrorList {
		return m.Validate(ctx, "T", operation.Operation{}, hand, func() field.ErrorList { return decl })
	}
	// Alpha and beta not enforced: the covered minimum stays handwritten
	// (its only declarative match is alpha); the covered legacy error,
	// which declarative does not report, is taken over (dropped).
	if got := fields(run()); got != "spec.size,spec.name" {
		t.Errorf("not enforced: %s", got)
	}
	m.EnforceAlpha, m.EnforceBeta = true, true
	if got := fields(run()); got != "spec.name,spec.size,spec.note" {
		t.Errorf("enforced: %s", got)
	}
}

func TestPanicIsRecoveredAndCounted(t *testing.T) {
	reg := prometheus.NewRegistry()
	metrics, err := NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	// A second NewMetrics on the same registry shares the counters.
	again, err := NewMetrics(reg)
	if err != nil || again.Panics != metrics.Panics {
		t.Fatalf("second NewMetrics: %v", err)
	}
	var logs bytes.Buffer
	m := &Migration{Mode: Switches134, Switches: Switches{DeclarativeValidation: true, DeclarativeValidationTakeover: true},
		Logger: slog.New(slog.NewTextHandler(&logs, nil)), Metrics: metrics}
	op := operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}}
	errs := m.Validate(context.Background(), "Widget", op, nil, func() field.ErrorList { panic("boom") })
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeInternal || !strings.Contains(errs[0].Detail, "boom") {
		t.Fatalf("got %v, want one InternalError", errs)
	}
	if n := testutil.ToFloat64(metrics.Panics); n != 1 {
		t.Errorf("declarative_validation_panic_total = %v", n)
	}
	if n := testutil.ToFloat64(metrics.PanicsByIdentifier.WithLabelValues("Widget_status_update")); n != 1 {
		t.Errorf("panics of Widget_status_update = %v", n)
	}
	if !strings.Contains(logs.String(), "declarative validation panicked") || !strings.Contains(logs.String(), "Widget_status_update") {
		t.Errorf("log: %q", logs.String())
	}
	// Without takeover the handwritten result stands, panic or not.
	m.DeclarativeValidationTakeover = false
	hand := field.ErrorList{field.Required(field.NewPath("x"), "")}
	if errs := m.Validate(context.Background(), "Widget", op, hand, func() field.ErrorList { panic("boom") }); len(errs) != 1 || errs[0].Field != "x" {
		t.Errorf("without takeover: %v", errs)
	}
}

func TestSwitchesOffRunOnlyHandwritten(t *testing.T) {
	m := Migration{Mode: Switches134}
	called := false
	hand := field.ErrorList{field.Required(field.NewPath("x"), "")}
	errs := m.Validate(context.Background(), "T", operation.Operation{}, hand, func() field.ErrorList { called = true; return nil })
	if called || len(errs) != 1 {
		t.Errorf("declarative called: %v; errs %v", called, errs)
	}
}

// The zero Migration follows Kubernetes 1.37: stable declarative errors
// are enforced, beta ones unless DisableBeta, alpha ones never; a covered
// handwritten error gives way only to an enforced beta error; only alpha
// and beta errors are compared.
func TestLifecycle(t *testing.T) {
	p := func(name string) *field.Path { return field.NewPath("spec", name) }
	hand := field.ErrorList{
		covered(field.Invalid(p("a"), 0, "").WithOrigin("minimum")), // alpha counterpart: stays
		covered(field.Invalid(p("b"), 0, "").WithOrigin("minimum")), // beta counterpart: replaced unless DisableBeta
		covered(field.Required(p("c"), "")),                         // stable counterpart: stays (to be deleted by hand)
		field.Required(p("d"), ""),                                  // not covered: stays
		covered(field.Forbidden(p("e"), "")),                        // no counterpart: missing_in_declarative
	}
	decl := func() field.ErrorList {
		return field.ErrorList{
			field.Invalid(p("a"), 0, "").WithOrigin("minimum").MarkAlpha(),
			field.Invalid(p("b"), 0, "").WithOrigin("minimum").MarkBeta(),
			field.Required(p("c"), ""),
			field.TooLong(p("f"), "", 3).MarkAlpha(), // extra_in_declarative
			field.InternalError(p("g"), errors.New("undefined option")).MarkAlpha(),
		}
	}
	summary := func(errs field.ErrorList) string {
		var out []string
		for _, e := range errs {
			s := e.Field + "/" + StabilityLevel(e)
			if e.FromImperative {
				s += "/hand"
			}
			out = append(out, s)
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct {
		disableBeta bool
		want        string
	}{
		{false, "spec.a/stable/hand,spec.c/stable/hand,spec.d/stable/hand,spec.e/stable/hand,spec.b/beta,spec.c/stable,spec.g/alpha"},
		{true, "spec.a/stable/hand,spec.b/stable/hand,spec.c/stable/hand,spec.d/stable/hand,spec.e/stable/hand,spec.c/stable,spec.g/alpha"},
	} {
		var logs bytes.Buffer
		reg := prometheus.NewRegistry()
		metrics, err := NewMetrics(reg)
		if err != nil {
			t.Fatal(err)
		}
		m := &Migration{DisableBeta: c.disableBeta, Logger: slog.New(slog.NewTextHandler(&logs, nil)), Metrics: metrics}
		h := make(field.ErrorList, len(hand))
		for i, e := range hand {
			cp := *e
			h[i] = &cp
		}
		if got := summary(m.Validate(context.Background(), "T", operation.Operation{}, h, decl)); got != c.want {
			t.Errorf("DisableBeta=%v:\n got %s\nwant %s", c.disableBeta, got, c.want)
		}
		// spec.e (covered, no alpha/beta match), spec.c (covered: its stable
		// match does not count) and spec.f, spec.g (alpha, unmatched).
		if n := testutil.ToFloat64(metrics.Mismatches); n != 4 {
			t.Errorf("DisableBeta=%v: %v mismatches, want 4\n%s", c.disableBeta, n, logs.String())
		}
		for _, want := range []string{"field=spec.e", "field=spec.c", "field=spec.f", "level=alpha", "mode=lifecycle"} {
			if !strings.Contains(logs.String(), want) {
				t.Errorf("DisableBeta=%v: log lacks %q:\n%s", c.disableBeta, want, logs.String())
			}
		}
	}
}
