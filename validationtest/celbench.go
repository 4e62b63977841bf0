package validationtest

import (
	"context"
	"encoding/json"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/runtime/celrules"
)

// BenchCEL times a type's CEL rules compiled to Go (impl=ours) against
// the API server's CEL validator called from the Go value (impl=interpreted:
// runtime/celrules, what a rule outside the compiled subset runs on) and
// alone, on the value already decoded (impl=server), in sub-benchmarks
// named kind=<name>/case=<case>/impl=<impl>. The values are drawn as
// CELAgree draws them (cfg): case=create-valid is the most populated one
// (the longest JSON) of those the server accepts, case=create-invalid the
// first it rejects. Before timing, the compiled rules must give the
// server's errors on both.
func BenchCEL[T any](b *testing.B, name string, cfg Config, oracle *celrules.Rules, compiled CompiledCEL[T]) {
	cfg = cfg.withDefaults()
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	var valid, invalid *T
	longest := -1
	for i := 0; i < cfg.Objects; i++ {
		obj := random[T](cfg, cfg.Seed*1_000_003+int64(i))
		encodable(obj)
		if len(celrules.ValidateIn(ctx, oracle, create, nil, false, obj, nil)) > 0 {
			if invalid == nil {
				invalid = obj
			}
			continue
		}
		if js, err := json.Marshal(obj); err == nil && len(js) > longest {
			valid, longest = obj, len(js)
		}
	}
	cases := []struct {
		name string
		obj  *T
	}{{"create-valid", valid}, {"create-invalid", invalid}}
	for _, c := range cases {
		if c.obj == nil {
			b.Logf("%s: no random value for %s", name, c.name)
			continue
		}
		var root vgruntime.Path
		ours := func() field.ErrorList { return compiled(create, &root, c.obj, nil) }
		interpreted := func() field.ErrorList { return celrules.ValidateIn(ctx, oracle, create, nil, false, c.obj, nil) }
		if mm := exactErrors(interpreted(), ours()); len(mm) > 0 {
			b.Fatalf("%s %s: the compiled rules and the server's CEL validator disagree: %v", name, c.name, mm)
		}
		server := ServerCEL(b, oracle, false, c.obj, nil, nil)
		for _, impl := range []struct {
			name string
			run  func() field.ErrorList
		}{{"ours", ours}, {"interpreted", interpreted}, {"server", server}} {
			b.Run("kind="+name+"/case="+c.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					impl.run()
				}
			})
		}
	}
}

// ServerCEL is the API server's CEL validation of r's rules on v (below a
// list item when inItem) and, on update, against ov (nil on create), at
// path, on values converted to the server's form beforehand: what the
// server's CEL validator alone costs, with its ratcheting on update.
func ServerCEL[T any](b testing.TB, r *celrules.Rules, inItem bool, v, ov *T, path *field.Path) func() field.ErrorList {
	ctx := context.Background()
	validator, s, val, err := celrules.ServerView(r, inItem, v)
	if err != nil {
		b.Fatal(err)
	}
	if ov == nil {
		return func() field.ErrorList {
			errs, _ := validator.Validate(ctx, path, s, val, nil, celconfig.RuntimeCELCostBudget)
			return errs
		}
	}
	_, _, oldVal, err := celrules.ServerView(r, inItem, ov)
	if err != nil {
		b.Fatal(err)
	}
	return func() field.ErrorList {
		ratchet := cel.WithRatcheting(common.NewCorrelatedObject(val, oldVal, &model.Structural{Structural: s}))
		errs, _ := validator.Validate(ctx, path, s, val, oldVal, celconfig.RuntimeCELCostBudget, ratchet)
		return errs
	}
}
