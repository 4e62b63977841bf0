package v1

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func validScaler() *Scaler {
	max := int32(5)
	return &Scaler{
		ObjectMeta: metav1.ObjectMeta{Name: "s"},
		Spec: ScalerSpec{Target: "web", MinReplicas: 1, MaxReplicas: &max, Mode: "Auto", Epoch: 3,
			Windows: []Window{{Name: "night", Start: 1, End: 5}}},
	}
}

// Each part of a CEL rule, as the API server applies it: the error type
// from reason, the path from fieldPath, the detail from message or
// messageExpression, transition rules only on update, optionalOldSelf.
func TestScalerCELRules(t *testing.T) {
	create := operation.Operation{Type: operation.Create}
	update := operation.Operation{Type: operation.Update}
	cases := []struct {
		name    string
		op      operation.Operation
		change  func(s *Scaler)
		old     func(s *Scaler) // nil: no old object
		want    []string        // "Type field: detail substring"
		wantNot string
	}{
		{name: "valid", op: create, change: func(*Scaler) {}},
		{name: "rule on a kind, with fieldPath", op: create, change: func(s *Scaler) { s.Spec.MinReplicas = 9 },
			want: []string{"FieldValueInvalid spec.minReplicas: minReplicas must not exceed maxReplicas"}},
		{name: "rule on a kind sees metadata.name", op: create, change: func(s *Scaler) { s.Name = strings.Repeat("n", 21) },
			want: []string{"FieldValueInvalid <nil>: the name of a scaler has at most 20 characters"}},
		{name: "messageExpression and reason", op: create, change: func(s *Scaler) { s.Spec.Target = "" },
			want: []string{"FieldValueRequired spec.target: a target is needed in mode Auto"}},
		{name: "kubebuilder XValidation on a field", op: create, change: func(s *Scaler) { s.Spec.Mode = "Fast" },
			want: []string{"FieldValueInvalid spec.mode: mode must be Off, Auto or Manual"}},
		{name: "rule on a type, per list item, with reason", op: create, change: func(s *Scaler) { s.Spec.Windows[0].End = 1 },
			want: []string{"FieldValueForbidden spec.windows[0]: start must be before end"}},
		{name: "transition rule does not run on create", op: create, change: func(s *Scaler) { s.Spec.Target = "other" }},
		{name: "transition rule on update", op: update, change: func(s *Scaler) { s.Spec.Target = "other" }, old: func(*Scaler) {},
			want: []string{"FieldValueInvalid spec.target: target is immutable"}},
		{name: "optionalOldSelf on update", op: update, change: func(s *Scaler) { s.Spec.Epoch = 2 }, old: func(*Scaler) {},
			want: []string{"FieldValueInvalid spec.epoch: epoch may not decrease"}},
		{name: "optionalOldSelf on create", op: create, change: func(s *Scaler) { s.Spec.Epoch = -4 }},
		{name: "an unchanged invalid value is ratcheted", op: update,
			change: func(s *Scaler) { s.Spec.Mode = "Fast"; s.Spec.MinReplicas = 2 },
			old:    func(s *Scaler) { s.Spec.Mode = "Fast" }, wantNot: "mode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := validScaler()
			c.change(obj)
			var old *Scaler
			if c.old != nil {
				old = validScaler()
				c.old(old)
			}
			errs := Validate_Scaler(context.Background(), c.op, nil, obj, old)
			got := map[string]bool{}
			for _, e := range errs {
				got[string(e.Type)+" "+e.Field+": "+e.Detail] = true
			}
			for _, w := range c.want {
				found := false
				for g := range got {
					if strings.HasPrefix(g, w) {
						found = true
					}
				}
				if !found {
					t.Errorf("want %q, got %v", w, errs)
				}
			}
			if len(c.want) == 0 && c.wantNot == "" && len(errs) > 0 {
				t.Errorf("want no errors, got %v", errs)
			}
			if c.wantNot != "" {
				for _, e := range errs {
					if strings.Contains(e.Field, c.wantNot) {
						t.Errorf("want no error at %s, got %v", c.wantNot, e)
					}
				}
			}
		})
	}
}

// The path of a caller is applied to the errors of the rules.
func TestScalerCELRulesPath(t *testing.T) {
	obj := validScaler()
	obj.Spec.MinReplicas = 9
	errs := Validate_Scaler(context.Background(), operation.Operation{Type: operation.Create}, field.NewPath("items").Index(3), obj, nil)
	if len(errs) != 1 || errs[0].Field != "items[3].spec.minReplicas" {
		t.Errorf("got %v", errs)
	}
}

// Every CEL rule of the Scaler is compiled to Go: validating a valid
// Scaler allocates nothing, on create, on an update that changes it, and
// on one that leaves its spec as it was (where the spec's transition
// rules still run, as on the server, compiled too).
func TestScalerAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	obj := validScaler()
	changed := validScaler()
	changed.Spec.MinReplicas = 2
	for _, c := range []struct {
		name string
		op   operation.Type
		old  *Scaler
	}{{"create", operation.Create, nil}, {"update, unchanged", operation.Update, validScaler()}, {"update, changed", operation.Update, changed}} {
		if n := testing.AllocsPerRun(100, func() {
			if errs := Validate_Scaler(ctx, operation.Operation{Type: c.op}, nil, obj, c.old); len(errs) > 0 {
				t.Fatal(errs)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations", c.name, n)
		}
	}
}
