package bench

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-playground/validator/v10"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/bench/handwritten"
	"github.com/declval/validation-gen/bench/playground"
	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
	"github.com/declval/validation-gen/test/crdpipeline"
)

// Benchmark names, read by cmd/report:
//
//	BenchmarkValidate/kind=<Kind>/case=<case>/impl=<implementation>
//	BenchmarkLists/case=<case>/items=<n>/impl=<implementation>
//
// The implementations, in the order of the report:
//
//   - ours: the Validate_<Kind> validation-gen generated (committed in
//     examples/).
//   - handwritten: idiomatic handwritten validation of the same rules, in
//     the style of Kubernetes' own (examples/apis/stable/v1/validation.go,
//     bench/handwritten), reporting the same errors.
//   - reference: the Validate_<Kind> k8s.io/code-generator's validation-gen
//     generates from the same types (cmd/refgen; only with -tags
//     reference, after go run ./cmd/refgen).
//   - playground: github.com/go-playground/validator on the same types
//     written with its struct tags (bench/playground); it has no update
//     semantics and validates the new object whole.
//   - crd: the API server's validation of the custom resource on the CRD
//     generated from the same tags (config/crd): schema validator, list
//     types, CEL, with ratcheting on update, on the object as the server
//     holds it after decoding (test/crdpipeline).
var implementationOrder = []string{"ours", "handwritten", "reference", "playground", "crd"}

// A validation is one implementation ready to validate one case: the
// object converted or decoded beforehand, as its caller would have it. It
// returns the number of errors.
type validation func() int

// An implementation prepares validations of one kind's objects.
type implementation struct {
	name    string
	prepare func(tb testing.TB, c benchCase) validation
}

// kind is a kind under benchmark, with every implementation that can
// validate it.
type kind struct {
	name  string
	cases []benchCase
	impls []implementation
}

var kinds = []*kind{
	{
		name:  "CronTab",
		cases: standardCases(nil, validCronTab, changedCronTab, invalidCronTab),
		impls: []implementation{
			oursImpl(stablev1.Validate_CronTab),
			goImpl("handwritten", stablev1.ValidateCronTab),
			playgroundImpl(playground.CronTabFrom),
			crdImpl("stable.example.com_crontabs.yaml"),
		},
	},
	{
		name:  "Gadget",
		cases: standardCases(gadgetOptions, validGadget, changedGadget, invalidGadget),
		impls: []implementation{
			oursImpl(gadgetsv1.Validate_Gadget),
			goImpl("handwritten", handwritten.ValidateGadget),
			playgroundImpl(playground.GadgetFrom),
			crdImpl("gadgets.example.com_gadgets.yaml"),
		},
	},
}

// fleetImpls validate the list-heavy kind, Fleet.
var fleetImpls = []implementation{
	oursImpl(gadgetsv1.Validate_Fleet),
	goImpl("handwritten", handwritten.ValidateFleet),
	playgroundImpl(playground.FleetFrom),
	crdImpl("gadgets.example.com_fleets.yaml"),
}

// addImplementation adds an implementation to a kind (or to Fleet's), in
// the report's order (the reference's file does, under its build tag).
func addImplementation(kindName string, impl implementation) {
	insert := func(impls []implementation) []implementation {
		impls = append(impls, impl)
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
		return impls
	}
	if kindName == "Fleet" {
		fleetImpls = insert(fleetImpls)
		return
	}
	for _, k := range kinds {
		if k.name == kindName {
			k.impls = insert(k.impls)
			return
		}
	}
	panic("no kind " + kindName)
}

// oursImpl is a generated Validate_<Kind>, called as its callers call it
// (with a nil field path: the object is the root).
func oursImpl[T any](f func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList) implementation {
	return implementation{name: "ours", prepare: func(tb testing.TB, c benchCase) validation {
		obj := c.obj.(*T)
		old, _ := c.old.(*T) // nil on create
		ctx, op := context.Background(), c.op
		return func() int { return len(f(ctx, op, nil, obj, old)) }
	}}
}

// goImpl is a Go validator of the example type itself.
func goImpl[T any](name string, f func(context.Context, operation.Operation, *T, *T) field.ErrorList) implementation {
	return implementation{name: name, prepare: func(tb testing.TB, c benchCase) validation {
		obj := c.obj.(*T)
		old, _ := c.old.(*T) // nil on create
		ctx, op := context.Background(), c.op
		return func() int { return len(f(ctx, op, obj, old)) }
	}}
}

var (
	playgroundOnce      sync.Once
	playgroundValidator *validator.Validate
)

// playgroundImpl validates the object converted to the go-playground
// twin of its type, the new object only.
func playgroundImpl[T, M any](convert func(*T) *M) implementation {
	return implementation{name: "playground", prepare: func(tb testing.TB, c benchCase) validation {
		playgroundOnce.Do(func() { playgroundValidator = playground.New() })
		v, m := playgroundValidator, convert(c.obj.(*T))
		return func() int {
			err := v.Struct(m)
			if err == nil {
				return 0
			}
			var errs validator.ValidationErrors
			if !errors.As(err, &errs) {
				panic(err) // not a validation error: a bug of the setup
			}
			return len(errs)
		}
	}}
}

var pipelines sync.Map // CRD file -> *crdpipeline.Pipeline

// crdImpl runs the API server's validation of custom resources on the
// generated CRD, on the objects as the server holds them after decoding
// the request body a Go client sends (encoding/json of the object).
func crdImpl(crdFile string) implementation {
	return implementation{name: "crd", prepare: func(tb testing.TB, c benchCase) validation {
		p := pipelineFor(tb, crdFile)
		decode := func(v any) *unstructured.Unstructured {
			body, err := json.Marshal(v)
			if err != nil {
				tb.Fatal(err)
			}
			u, _, err := p.Decode(body)
			if err != nil {
				tb.Fatal(err)
			}
			return u
		}
		obj := decode(c.obj)
		var old *unstructured.Unstructured
		if c.old != nil {
			// An update names the version it replaces (the server requires it).
			old = decode(c.old)
			old.SetResourceVersion("1")
			obj.SetResourceVersion("1")
		}
		ctx := context.Background()
		return func() int { return len(p.ValidateDecoded(ctx, obj, old)) }
	}}
}

func pipelineFor(tb testing.TB, crdFile string) *crdpipeline.Pipeline {
	if p, ok := pipelines.Load(crdFile); ok {
		return p.(*crdpipeline.Pipeline)
	}
	data, err := os.ReadFile(filepath.Join("..", "config", "crd", crdFile))
	if err != nil {
		tb.Fatal(err)
	}
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(data, crd); err != nil {
		tb.Fatalf("%s: %v", crdFile, err)
	}
	p, err := crdpipeline.New(crd)
	if err != nil {
		tb.Fatalf("%s: %v", crdFile, err)
	}
	pipelines.Store(crdFile, p)
	return p
}

// prepareChecked prepares impl's validation of c and fails tb unless it
// reaches the case's verdict.
func prepareChecked(tb testing.TB, impl implementation, c benchCase) validation {
	tb.Helper()
	v := impl.prepare(tb, c)
	if n := v(); (n == 0) != c.valid {
		verdict := "valid"
		if !c.valid {
			verdict = "invalid"
		}
		tb.Fatalf("%s: %s finds %d errors, but the object is %s", c.name, impl.name, n, verdict)
	}
	// Measure the steady state of a running server: collect the garbage of
	// the setup (whose collection would otherwise run during the timed
	// loop and empty the sync.Pools of every implementation that recycles
	// memory), then validate once on every processor at once, so that each
	// processor's part of those pools holds what it keeps (a sync.Pool
	// hands an object back first to the processor that put it).
	runtime.GC()
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() { v() })
	}
	wg.Wait()
	return v
}

var sink int

func BenchmarkValidate(b *testing.B) {
	for _, k := range kinds {
		for _, c := range k.cases {
			for _, impl := range k.impls {
				b.Run(fmt.Sprintf("kind=%s/case=%s/impl=%s", k.name, c.name, impl.name), func(b *testing.B) {
					v := prepareChecked(b, impl, c)
					b.ReportAllocs()
					for b.Loop() {
						sink = v()
					}
				})
			}
		}
	}
}

var (
	listSizes = flag.String("list-sizes", "1000,10000,100000", "numbers of devices of BenchmarkLists")
	// The reference's uniqueness and correlation checks of lists are
	// quadratic: one validation of 100,000 items takes about a minute.
	referenceMaxItems = flag.Int("reference-max-items", 10000, "largest list BenchmarkLists validates with the reference")
)

func BenchmarkLists(b *testing.B) {
	var sizes []int
	for _, f := range strings.Split(*listSizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			b.Fatalf("-list-sizes=%q: want numbers of at least 2", *listSizes)
		}
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		for _, c := range fleetCases(n) {
			for _, impl := range fleetImpls {
				if impl.name == "reference" && n > *referenceMaxItems {
					continue
				}
				b.Run(fmt.Sprintf("case=%s/items=%d/impl=%s", c.name, n, impl.name), func(b *testing.B) {
					v := prepareChecked(b, impl, c)
					b.ReportAllocs()
					for b.Loop() {
						sink = v()
					}
				})
			}
		}
	}
}

// TestImplementationsAgree is the benchmarks' precondition, checked on
// every test run: every implementation reaches every case's verdict.
func TestImplementationsAgree(t *testing.T) {
	for _, k := range kinds {
		for _, c := range k.cases {
			for _, impl := range k.impls {
				t.Run(k.name+"/"+c.name+"/"+impl.name, func(t *testing.T) { prepareChecked(t, impl, c) })
			}
		}
	}
	for _, c := range fleetCases(1000) {
		for _, impl := range fleetImpls {
			t.Run("Fleet/"+c.name+"/"+impl.name, func(t *testing.T) { prepareChecked(t, impl, c) })
		}
	}
}
