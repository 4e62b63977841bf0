package k8sapi

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilfeature "k8s.io/apiserver/pkg/util/feature"

	// Registers Kubernetes' feature gates, whose defaults are the options.
	_ "k8s.io/kubernetes/pkg/features"
)

// Benchmark names, read by bench/cmd/report:
//
//	BenchmarkKubernetesAPI/kind=<Kind>/case=<case>/impl=<implementation>
//
// The implementations, in the order of the report:
//
//   - ours: the Validate_<Kind> validation-gen generates from k8s.io/api's
//     tags (cmd/gen; only with -tags generated).
//   - reference: the Validate_<Kind> Kubernetes' own generator generates
//     from the same tags (cmd/gen; only with -tags generated).
//   - handwritten: Kubernetes' handwritten validation of the kind, called as
//     the kind's registry strategy calls it, on the internal type the API
//     server converts to (handwritten_test.go). It checks every rule of the
//     kind, of which the tags declare a part: it does more work.
var implementationOrder = []string{"ours", "reference", "handwritten"}

// benchCase is one object (and old object, on update) to validate.
type benchCase struct {
	name     string
	op       operation.Operation
	obj, old runtime.Object // old nil on create
	valid    bool
}

// options are what the API server passes to declarative validation: every
// feature gate at its default.
var options = func() map[string]bool {
	out := map[string]bool{}
	for f := range utilfeature.DefaultMutableFeatureGate.GetAll() {
		out[string(f)] = utilfeature.DefaultFeatureGate.Enabled(f)
	}
	return out
}()

// cases are the five cases of a kind, as in bench/:
//
//   - create-valid: passes every rule.
//   - create-invalid: breaks rules of the tags and of the handwritten code.
//   - update-unchanged: valid, old a deep copy.
//   - update-changed: valid, what the kind lets change changed.
//   - update-invalid: the invalid object over a valid old one.
func cases(k kindObjects) []benchCase {
	c := operation.Operation{Type: operation.Create, Options: options}
	u := operation.Operation{Type: operation.Update, Options: options}
	return []benchCase{
		{"create-valid", c, defaulted(k.valid), nil, true},
		{"create-invalid", c, defaulted(k.invalid), nil, false},
		{"update-unchanged", u, defaulted(k.valid), defaulted(k.valid), true},
		{"update-changed", u, defaulted(k.changed), defaulted(k.valid), true},
		{"update-invalid", u, defaulted(k.invalid), defaulted(k.valid), false},
	}
}

// A validation is one implementation ready to validate one case. It
// returns the errors.
type validation func() field.ErrorList

// An implementation prepares validations of one kind's objects.
type implementation struct {
	name    string
	prepare func(tb testing.TB, c benchCase) validation
}

// implementations holds each kind's implementations; the generated ones
// add theirs under their build tag.
var implementations = map[string][]implementation{}

func addImplementation(kind string, impl implementation) {
	impls := append(implementations[kind], impl)
	rank := func(name string) int {
		for i, n := range implementationOrder {
			if n == name {
				return i
			}
		}
		return len(implementationOrder)
	}
	for i := len(impls) - 1; i > 0 && rank(impls[i].name) < rank(impls[i-1].name); i-- {
		impls[i], impls[i-1] = impls[i-1], impls[i]
	}
	implementations[kind] = impls
}

// prepareChecked prepares impl's validation of c and fails tb unless it
// reaches the case's verdict (an implementation that missed the errors
// would be measured doing less work).
func prepareChecked(tb testing.TB, kind string, impl implementation, c benchCase) validation {
	tb.Helper()
	v := impl.prepare(tb, c)
	if errs := v(); (len(errs) == 0) != c.valid {
		verdict := "valid"
		if !c.valid {
			verdict = "invalid"
		}
		tb.Fatalf("%s %s: %s finds %d errors, but the object is %s: %v", kind, c.name, impl.name, len(errs), verdict, errs)
	}
	return v
}

// TestVerdicts is the benchmarks' precondition: every implementation
// reaches every case's verdict. Without -tags generated it checks the
// handwritten validation alone, that is the objects.
func TestVerdicts(t *testing.T) {
	for _, k := range objects {
		if len(implementations[k.name]) == 0 {
			t.Fatalf("%s: no implementation", k.name)
		}
		for _, c := range cases(k) {
			for _, impl := range implementations[k.name] {
				t.Run(k.name+"/"+c.name+"/"+impl.name, func(t *testing.T) { prepareChecked(t, k.name, impl, c) })
			}
		}
	}
}
