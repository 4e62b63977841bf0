package v1

import (
	"context"
	"sort"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The API server never ratchets a transition rule (one that reads
// oldSelf): it evaluates it on every update, also on a value that did not
// change. The Go validator skips unchanged values, but evaluates their
// transition rules: on a field, on a list-map item and on a map value,
// when the list or map changed elsewhere or did not change at all.
func TestTransitionRulesOnUnchangedValues(t *testing.T) {
	ctx := context.Background()
	update := operation.Operation{Type: operation.Update}
	port := func(n int32) *int32 { return &n }
	route := func(weight int32, extra string) *HTTPRoute {
		r := &HTTPRoute{Spec: HTTPRouteSpec{
			ParentRefs: []ParentReference{{Name: "gw", SectionName: "canary", Port: port(8080)}},
			Backends:   map[string]BackendRef{"a": {Weight: weight}},
		}}
		if extra != "" {
			r.Spec.ParentRefs = append(r.Spec.ParentRefs, ParentReference{Name: extra, SectionName: "main"})
			r.Spec.Backends[extra] = BackendRef{Weight: 1}
		}
		return r
	}
	cases := []struct {
		name     string
		obj, old any
		want     []string // error paths
	}{
		{name: "field of an unchanged spec",
			obj: &DisruptionBudget{Spec: DisruptionBudgetSpec{Mode: "live"}}, old: &DisruptionBudget{Spec: DisruptionBudgetSpec{Mode: "live"}},
			want: []string{"spec.mode"}},
		{name: "field of an unchanged spec, rule holds",
			obj: &DisruptionBudget{Spec: DisruptionBudgetSpec{Mode: "frozen"}}, old: &DisruptionBudget{Spec: DisruptionBudgetSpec{Mode: "frozen"}}},
		{name: "unchanged list-map item and map value in an unchanged spec",
			obj: route(7, ""), old: route(7, ""), want: []string{"spec.parentRefs[0].port", "spec.backends[a].weight"}},
		{name: "unchanged list-map item and map value in a changed list and map",
			obj: route(7, "other"), old: route(7, ""), want: []string{"spec.parentRefs[0].port", "spec.backends[a].weight"}},
		{name: "changed map value",
			obj: route(7, ""), old: route(8, ""), want: []string{"spec.parentRefs[0].port", "spec.backends[a].weight"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var errs field.ErrorList
			switch obj := c.obj.(type) {
			case *DisruptionBudget:
				errs = Validate_DisruptionBudget(ctx, update, nil, obj, c.old.(*DisruptionBudget))
			case *HTTPRoute:
				errs = Validate_HTTPRoute(ctx, update, nil, obj, c.old.(*HTTPRoute))
			}
			var got []string
			for _, e := range errs {
				got = append(got, e.Field)
			}
			sort.Strings(got)
			sort.Strings(c.want)
			if len(got) != len(c.want) {
				t.Fatalf("errors at %v, want %v: %v", got, c.want, errs)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("errors at %v, want %v: %v", got, c.want, errs)
				}
			}
		})
	}
}
