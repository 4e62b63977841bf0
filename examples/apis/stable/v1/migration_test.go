package v1

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
)

// handwrittenStrict is ValidateCronTab with one rule drifted from the
// tags: image is limited to 128 characters where +k8s:maxLength says 256.
// Its errors are marked CoveredByDeclarative, as a migrated validation.go
// marks the errors its tags now cover.
func handwrittenStrict(ctx context.Context, op operation.Operation, obj, old *CronTab) field.ErrorList {
	errs := ValidateCronTab(ctx, op, obj, old)
	if len(obj.Spec.Image) > 128 && len(obj.Spec.Image) <= 256 {
		errs = append(errs, field.TooLongCharacters(field.NewPath("spec", "image"), obj.Spec.Image, 128).WithOrigin("maxLength"))
	}
	for _, e := range errs {
		e.MarkCoveredByDeclarative()
	}
	return errs
}

func generated(ctx context.Context, op operation.Operation, obj, old *CronTab) field.ErrorList {
	return Validate_CronTab(ctx, op, nil, obj, old)
}

// The example migration under Kubernetes 1.34's scheme: CronTab's
// handwritten validation and its tags, run side by side under each
// setting of the two switches, with one rule that differs. The difference is logged, counted, and the result is the
// handwritten one until takeover.
func TestMigrationSwitches(t *testing.T) {
	ctx := context.Background()
	long := validCronTab()
	long.Spec.Image = strings.Repeat("i", 200) // too long by hand, fine by the tags
	create := operation.Operation{Type: operation.Create}

	reg := prometheus.NewRegistry()
	metrics, err := vgruntime.NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &vgruntime.Migration{Mode: vgruntime.Switches134, Logger: slog.New(slog.NewJSONHandler(&logs, nil)), Metrics: metrics}
	validate := func() field.ErrorList {
		return m.Validate(ctx, "CronTab", create, handwrittenStrict(ctx, create, long, nil), func() field.ErrorList {
			return Validate_CronTab(ctx, create, nil, long, nil)
		})
	}

	// DeclarativeValidation off: handwritten only, nothing compared.
	if errs := validate(); len(errs) != 1 || errs[0].Field != "spec.image" || errs[0].Type != field.ErrorTypeTooLong {
		t.Errorf("switches off: got %v, want the handwritten TooLong", errs)
	}
	if n := testutil.ToFloat64(metrics.Mismatches); n != 0 || logs.Len() != 0 {
		t.Errorf("switches off: %v mismatches counted, log %q", n, logs.String())
	}

	// DeclarativeValidation on: compared; handwritten stays authoritative.
	m.DeclarativeValidation = true
	if errs := validate(); len(errs) != 1 || errs[0].Field != "spec.image" {
		t.Errorf("mismatch mode: got %v, want the handwritten TooLong", errs)
	}
	if n := testutil.ToFloat64(metrics.Mismatches); n != 1 {
		t.Errorf("mismatch mode: declarative_validation_mismatch_total = %v, want 1", n)
	}
	if n := testutil.ToFloat64(metrics.MismatchesByIdentifier.WithLabelValues("CronTab_create")); n != 1 {
		t.Errorf("mismatch mode: series CronTab_create = %v, want 1", n)
	}
	var line map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(logs.Bytes()), &line); err != nil {
		t.Fatalf("log line: %v: %q", err, logs.String())
	}
	if line["msg"] != "declarative validation mismatch" || line["validation_identifier"] != "CronTab_create" ||
		line["mismatch"] != "missing_in_declarative" || line["field"] != "spec.image" || line["origin"] != "maxLength" {
		t.Errorf("log line %v", line)
	}

	// Takeover: the tags are authoritative for the errors they cover.
	m.DeclarativeValidationTakeover = true
	if errs := validate(); len(errs) != 0 {
		t.Errorf("takeover: got %v, want the declarative result (no error)", errs)
	}
	if n := testutil.ToFloat64(metrics.Mismatches); n != 2 {
		t.Errorf("takeover: mismatches = %v, want 2 (still compared)", n)
	}
	// The metric is on the caller's registry under its documented name.
	if n, err := testutil.GatherAndCount(reg, "declarative_validation_mismatch_total"); err != nil || n != 1 {
		t.Errorf("registry: %d series of declarative_validation_mismatch_total, %v", n, err)
	}
}

// validationtest finds the drifted rule among random CronTabs, and agrees
// with the faithful handwritten validation.
func TestRandomCronTabs(t *testing.T) {
	ints := []int64{-1, 0, 1, 3}
	strs := []string{"", "*/5 * * * *", "nginx", strings.Repeat("i", 200), strings.Repeat("i", 300)}
	cfg := validationtest.Config{Seed: 7, Objects: 300, Strings: strs, Ints: ints}
	rep := validationtest.Run(cfg, handwrittenStrict, generated)
	if rep.Disagreeing == 0 {
		t.Fatalf("the drifted image rule went unnoticed: %s", rep)
	}
	d := rep.Disagreements[0]
	if len(d.Mismatches) != 1 || d.Mismatches[0].Kind != vgruntime.MissingInDeclarative || d.Mismatches[0].Error.Field != "spec.image" {
		t.Errorf("disagreement %s", d)
	}
	// Shrunk: only the image is left set.
	if d.Object.Spec.CronSpec != "" || d.Object.Spec.Replicas != nil || len(d.Object.Spec.Image) != 200 {
		t.Errorf("not shrunk to the image: %s", d)
	}
	validationtest.Agree(t, cfg, func(ctx context.Context, op operation.Operation, obj, old *CronTab) field.ErrorList {
		return ValidateCronTab(ctx, op, obj, old)
	}, generated)
}

// The same migration under Kubernetes 1.37's lifecycle (the zero
// Migration): image's limit is tagged +k8s:beta, so its declarative error
// is enforced and replaces the handwritten one it matches, unless beta is
// disabled; beta and alpha errors are compared with the handwritten ones,
// and the drifted rule is reported.
func TestMigrationLifecycle(t *testing.T) {
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	tooLong, drifted := validCronTab(), validCronTab()
	tooLong.Spec.Image = strings.Repeat("i", 300) // too long for both
	drifted.Spec.Image = strings.Repeat("i", 200) // too long by hand only

	reg := prometheus.NewRegistry()
	metrics, err := vgruntime.NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	m := &vgruntime.Migration{Logger: slog.New(slog.NewJSONHandler(&logs, nil)), Metrics: metrics}
	validate := func(obj *CronTab) field.ErrorList {
		return m.Validate(ctx, "CronTab", create, handwrittenStrict(ctx, create, obj, nil), func() field.ErrorList {
			return Validate_CronTab(ctx, create, nil, obj, nil)
		})
	}

	// Beta enforced: the declarative TooLong, marked beta, replaces the
	// handwritten ones it matches.
	errs := validate(tooLong)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeTooLong || !errs[0].IsBeta() || errs[0].FromImperative {
		t.Errorf("beta enforced: got %v, want the declarative beta TooLong alone", errs)
	}
	// The drifted limit: no declarative error to replace the handwritten
	// one, which stays; the difference is counted.
	errs = validate(drifted)
	if len(errs) != 1 || errs[0].IsBeta() || !errs[0].FromImperative {
		t.Errorf("drifted: got %v, want the handwritten TooLong", errs)
	}
	if n := testutil.ToFloat64(metrics.MismatchesByIdentifier.WithLabelValues("CronTab_create")); n != 1 {
		t.Errorf("drifted: %v mismatches, want 1\n%s", n, logs.String())
	}

	// DeclarativeValidationBeta off: handwritten is authoritative again.
	m.DisableBeta = true
	errs = validate(tooLong)
	if len(errs) == 0 {
		t.Fatal("beta disabled: no error")
	}
	for _, e := range errs {
		if e.IsBeta() || !e.FromImperative {
			t.Errorf("beta disabled: got %v, want handwritten errors only", e)
		}
	}
}
