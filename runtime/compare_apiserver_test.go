package runtime_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/registry/rest"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	apivalidation "k8s.io/apiserver/pkg/validation"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/component-base/metrics/legacyregistry"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// widget is a kind registered in a scheme, whose declarative validation
// returns what the test case says.
type widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (w *widget) DeepCopyObject() k8sruntime.Object { c := *w; return &c }

// TestLifecycleMatchesAPIServer runs Migration (Lifecycle, the scheme of
// Kubernetes 1.37) and k8s.io/apiserver v0.37's own
// ValidateDeclarativelyWithMigrationChecks on the same handwritten and
// declarative errors, random lists of stable, beta and alpha errors,
// covered or not, duplicated, over a few fields, with the
// DeclarativeValidationBeta gate on and off and ShortCircuitMismatch on
// and off: the errors returned and the number of mismatches counted must
// be the same. This pins what may surprise: with stable (unprefixed)
// tags, a covered handwritten error and the stable declarative error of
// the same check are both returned, and the handwritten one is counted as
// a mismatch (only alpha and beta errors are compared); the server does
// the same, since a stable tag's handwritten check is to be deleted.
func TestLifecycleMatchesAPIServer(t *testing.T) {
	gv := schema.GroupVersion{Group: "example.com", Version: "v1"}
	scheme := k8sruntime.NewScheme()
	scheme.AddKnownTypeWithName(gv.WithKind("Widget"), &widget{})
	var declared field.ErrorList
	scheme.AddValidationFunc(&widget{}, func(ctx context.Context, op operation.Operation, obj, old any) field.ErrorList {
		return clone(declared)
	})
	ctx := genericapirequest.WithRequestInfo(context.Background(), &genericapirequest.RequestInfo{
		IsResourceRequest: true, APIGroup: gv.Group, APIVersion: gv.Version, Resource: "widgets", Verb: "create"})
	obj := &widget{TypeMeta: metav1.TypeMeta{APIVersion: gv.String(), Kind: "Widget"}}

	r := rand.New(rand.NewPCG(1, 37))
	for _, betaEnabled := range []bool{true, false} {
		featuregatetesting.SetFeatureGateDuringTest(t, utilfeature.DefaultFeatureGate, features.DeclarativeValidationBeta, betaEnabled)
		for _, shortCircuit := range []bool{false, true} {
			for i := 0; i < 500; i++ {
				hand, decl := randomErrors(r, true), randomErrors(r, false)
				declared = decl

				apivalidation.ResetValidationMetricsInstance()
				theirs := rest.ValidateDeclarativelyWithMigrationChecks(ctx, scheme, obj, nil, clone(hand), operation.Create,
					rest.DeclarativeValidationConfig{ShortCircuitMismatch: shortCircuit})
				theirCount := serverMismatches(t)

				metrics, err := vgruntime.NewMetrics(prometheus.NewRegistry())
				if err != nil {
					t.Fatal(err)
				}
				m := &vgruntime.Migration{DisableBeta: !betaEnabled, ShortCircuitMismatch: shortCircuit,
					Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Metrics: metrics}
				ours := m.Validate(ctx, "Widget", operation.Operation{Type: operation.Create}, clone(hand), func() field.ErrorList { return clone(decl) })
				ourCount := int(testutil.ToFloat64(metrics.Mismatches))

				if describe(ours) != describe(theirs) || ourCount != theirCount {
					t.Fatalf("beta %v, short-circuit %v, handwritten:\n%s\ndeclarative:\n%s\nours (%d mismatches):\n%s\nthe API server's (%d mismatches):\n%s",
						betaEnabled, shortCircuit, describe(hand), describe(decl), ourCount, describe(ours), theirCount, describe(theirs))
				}
			}
		}
	}
}

// randomErrors draws a list of errors over a few fields: handwritten ones
// covered or not, declarative ones stable, beta or alpha, some
// short-circuit; duplicates are likely.
func randomErrors(r *rand.Rand, handwritten bool) field.ErrorList {
	var out field.ErrorList
	for n := r.IntN(4); n > 0; n-- {
		p := field.NewPath("spec")
		for d := r.IntN(3); d > 0; d-- {
			p = p.Child([]string{"a", "b"}[r.IntN(2)])
		}
		var e *field.Error
		switch r.IntN(4) {
		case 0:
			e = field.Required(p, "")
		case 1:
			e = field.Invalid(p, 0, "").WithOrigin([]string{"minimum", "maximum"}[r.IntN(2)])
		case 2:
			e = field.TooMany(p, 3, 2).WithOrigin("maxItems")
		default:
			e = field.Forbidden(p, "")
		}
		if handwritten {
			if r.IntN(3) > 0 {
				e.MarkCoveredByDeclarative()
			}
		} else {
			switch r.IntN(3) {
			case 1:
				e.MarkBeta()
			case 2:
				e.MarkAlpha()
			}
			if r.IntN(4) == 0 {
				e.ShortCircuit = true
			}
		}
		out = append(out, e)
	}
	return out
}

func clone(list field.ErrorList) field.ErrorList {
	out := make(field.ErrorList, len(list))
	for i, e := range list {
		c := *e
		out[i] = &c
	}
	return out
}

// describe is every error of a list with what Migration may change of it.
func describe(list field.ErrorList) string {
	var b strings.Builder
	for _, e := range list {
		fmt.Fprintf(&b, "  %s %s %s covered=%v imperative=%v level=%s short=%v\n", e.Type, e.Field, e.Origin,
			e.CoveredByDeclarative, e.FromImperative, vgruntime.StabilityLevel(e), e.ShortCircuit)
	}
	return b.String()
}

// serverMismatches reads the API server's mismatch counter.
func serverMismatches(t *testing.T) int {
	t.Helper()
	families, err := legacyregistry.DefaultGatherer.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "apiserver_validation_declarative_validation_mismatch_total" {
			return int(f.GetMetric()[0].GetCounter().GetValue())
		}
	}
	return 0
}
