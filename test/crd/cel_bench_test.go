package crd

import (
	"context"
	"encoding/json"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
)

// The CEL rules of the Scaler kind (examples/apis/gadgets/v1), on one valid
// object, evaluated:
//   - generated: by the generated Validate_Scaler (every check of the kind,
//     its CEL rules through runtime/celrules, from the Go value);
//   - server-cel: by the API server's CEL validator for the kind's CRD, on
//     the object as the server holds it after decoding (unstructured), as
//     the custom-resource strategy calls it: the CEL part alone;
//   - server-pipeline: the server's whole validation of a create request on
//     the CRD, from the request body (decode, prune, default, schema, list
//     types, CEL), as the in-process pipeline of the differential runs it.
//
// go test -run '^$' -bench BenchmarkScalerCELRules -benchmem ./crd/
func BenchmarkScalerCELRules(b *testing.B) {
	max := int32(5)
	obj := &gadgetsv1.Scaler{
		TypeMeta:   metav1.TypeMeta{APIVersion: "gadgets.example.com/v1", Kind: "Scaler"},
		ObjectMeta: metav1.ObjectMeta{Name: "s", Namespace: "default"},
		Spec: gadgetsv1.ScalerSpec{Target: "web", MinReplicas: 1, MaxReplicas: &max, Mode: "Auto", Epoch: 3,
			Windows: []gadgetsv1.Window{{Name: "night", Start: 1, End: 5}, {Name: "day", Start: 6, End: 9}}},
	}
	ctx := context.Background()
	crd := generate(b, "./examples/apis/gadgets/...")["gadgets.example.com_scalers.yaml"]
	srv, err := newAPIServer(crd)
	if err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(obj)
	u, _, err := srv.Decode(body)
	if err != nil {
		b.Fatal(err)
	}
	if errs := gadgetsv1.Validate_Scaler(ctx, operation.Operation{Type: operation.Create}, nil, obj, nil); len(errs) > 0 {
		b.Fatalf("the object is not valid for Go: %v", errs)
	}
	if errs, _, _ := srv.Validate(ctx, body, nil); len(errs) > 0 {
		b.Fatalf("the object is not valid for the server: %v", errs)
	}

	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		op := operation.Operation{Type: operation.Create}
		for b.Loop() {
			if errs := gadgetsv1.Validate_Scaler(ctx, op, nil, obj, nil); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
	b.Run("server-cel", func(b *testing.B) {
		v := cel.NewValidator(srv.Schema, true, celconfig.PerCallLimit)
		b.ReportAllocs()
		for b.Loop() {
			if errs, _ := v.Validate(ctx, nil, srv.Schema, u.Object, nil, celconfig.RuntimeCELCostBudget); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
	b.Run("server-pipeline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs, _, _ := srv.Validate(ctx, body, nil); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})
}
