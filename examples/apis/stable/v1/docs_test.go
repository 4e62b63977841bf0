package v1

import (
	"context"
	"log/slog"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
)

// The handwritten validation and the tags agree on random CronTabs
// (docs/migration.md shows this test).
func TestAgree(t *testing.T) {
	validationtest.Agree(t, validationtest.Config{Seed: 42, Objects: 2000},
		ValidateCronTab, // handwritten: func(ctx, op, obj, old *CronTab) field.ErrorList
		func(ctx context.Context, op operation.Operation, obj, old *CronTab) field.ErrorList {
			return Validate_CronTab(ctx, op, nil, obj, old)
		})
}

// Both run in production, as docs/migration.md shows: the handwritten
// errors, less the covered ones an enforced declarative error matches,
// plus the enforced declarative ones.
func TestMigrationInProduction(t *testing.T) {
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create}
	obj, old := validCronTab(), (*CronTab)(nil)
	obj.Spec.CronSpec = ""

	metrics, err := vgruntime.NewMetrics(prometheus.NewRegistry()) // or your registry
	if err != nil {
		t.Fatal(err)
	}
	m := &vgruntime.Migration{Metrics: metrics, Logger: slog.Default()} // Kubernetes 1.37's rules
	errs := m.Validate(ctx, "CronTab", op, ValidateCronTab(ctx, op, obj, old), func() field.ErrorList {
		return Validate_CronTab(ctx, op, nil, obj, old)
	})

	// ValidateCronTab does not mark its error covered (step 3), so it
	// stays beside the enforced declarative one.
	if len(errs) != 2 || !errs[0].FromImperative || errs[1].FromImperative || errs[1].Field != "spec.cronSpec" || errs[1].Type != field.ErrorTypeRequired {
		t.Errorf("got %v, want the handwritten and the declarative spec.cronSpec: Required value", errs)
	}
}
