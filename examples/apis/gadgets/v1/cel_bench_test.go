package v1

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/runtime/celrules"
	"github.com/declval/validation-gen/validationtest"
)

// The CEL rules of the Scaler kind (its own, its spec's and each window's,
// each at its place), on a valid Scaler with two windows, evaluated:
//   - impl=ours: by the code validation-gen compiles them to
//     (celAt_Scaler, celAt_ScalerSpec, celAt_Window);
//   - impl=interpreted: by the API server's CEL validator from the Go value
//     (runtime/celrules, which a type outside the compiled subset uses:
//     the value converted to unstructured, then the server's validator);
//   - impl=server: by the server's CEL validator alone, on the values as
//     the server holds them after decoding (converted before timing).
//
// go test -run '^$' -bench CELRules -benchmem ./examples/apis/gadgets/v1/
// (hack/bench.sh runs it for BENCHMARKS.md's "CEL rules" section)
func BenchmarkCELRules(b *testing.B) {
	ctx := context.Background()
	obj := validScaler()
	obj.Spec.Windows = append(obj.Spec.Windows, Window{Name: "day", Start: 6, End: 9})
	old := validScaler()
	old.Spec.Windows = append(old.Spec.Windows, Window{Name: "day", Start: 6, End: 9})
	old.Spec.MinReplicas = 2
	cases := []struct {
		name string
		op   operation.Operation
		old  *Scaler
	}{
		{"create-valid", operation.Operation{Type: operation.Create}, nil},
		{"update-changed", operation.Operation{Type: operation.Update}, old},
	}
	for _, c := range cases {
		compiled := func() field.ErrorList {
			var root vgruntime.Path
			errs := celAt_Scaler(c.op, &root, obj, c.old)
			spec := root.Child("spec")
			var oldSpec *ScalerSpec
			if c.old != nil {
				oldSpec = &c.old.Spec
			}
			errs = append(errs, celAt_ScalerSpec(c.op, &spec, &obj.Spec, oldSpec)...)
			windows := spec.Child("windows")
			for i := range obj.Spec.Windows {
				w := windows.Index(i)
				var ow *Window
				if c.old != nil {
					ow = &c.old.Spec.Windows[i]
				}
				errs = append(errs, celAt_Window(c.op, &w, &obj.Spec.Windows[i], ow)...)
			}
			return errs
		}
		interpreted := func() field.ErrorList {
			var oldSpec *ScalerSpec
			if c.old != nil {
				oldSpec = &c.old.Spec
			}
			errs := celrules.ValidateIn(ctx, celOracle_Scaler, c.op, nil, false, obj, c.old)
			spec := field.NewPath("spec")
			errs = append(errs, celrules.ValidateIn(ctx, celOracle_ScalerSpec, c.op, spec, false, &obj.Spec, oldSpec)...)
			for i := range obj.Spec.Windows {
				var ow *Window
				if c.old != nil {
					ow = &c.old.Spec.Windows[i]
				}
				errs = append(errs, celrules.ValidateIn(ctx, celOracle_Window, c.op, spec.Child("windows").Index(i), true, &obj.Spec.Windows[i], ow)...)
			}
			return errs
		}
		if errs := compiled(); len(errs) > 0 {
			b.Fatalf("%s: compiled: %v", c.name, errs)
		}
		if errs := interpreted(); len(errs) > 0 {
			b.Fatalf("%s: interpreted: %v", c.name, errs)
		}
		b.Run("kind=Scaler/case="+c.name+"/impl=ours", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(compiled()) > 0 {
					b.Fatal("errors")
				}
			}
		})
		b.Run("kind=Scaler/case="+c.name+"/impl=interpreted", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(interpreted()) > 0 {
					b.Fatal("errors")
				}
			}
		})
		b.Run("kind=Scaler/case="+c.name+"/impl=server", func(b *testing.B) {
			server := serverCEL(b, c.old != nil, obj, c.old)
			b.ReportAllocs()
			for b.Loop() {
				if len(server()) > 0 {
					b.Fatal("errors")
				}
			}
		})
	}
}

// serverCEL is the server's CEL validation of the Scaler's rules on values
// converted beforehand, on create or (update) against old, with the
// server's ratcheting on update.
func serverCEL(b *testing.B, update bool, obj, old *Scaler) func() field.ErrorList {
	var oldSpec *ScalerSpec
	if update {
		oldSpec = &old.Spec
	}
	calls := []func() field.ErrorList{
		validationtest.ServerCEL(b, celOracle_Scaler, false, obj, old, nil),
		validationtest.ServerCEL(b, celOracle_ScalerSpec, false, &obj.Spec, oldSpec, field.NewPath("spec")),
	}
	for i := range obj.Spec.Windows {
		var ow *Window
		if update {
			ow = &old.Spec.Windows[i]
		}
		calls = append(calls, validationtest.ServerCEL(b, celOracle_Window, true, &obj.Spec.Windows[i], ow, field.NewPath("spec", "windows").Index(i)))
	}
	return func() field.ErrorList {
		var errs field.ErrorList
		for _, c := range calls {
			errs = append(errs, c()...)
		}
		return errs
	}
}
