package v1

import (
	"context"
	"testing"

	"github.com/declval/validation-gen/examples/apis/shapes/shared"
	"k8s.io/apimachinery/pkg/api/operation"
)

func valid() *T {
	one := int64(1)
	in := Inner{X: "ab", Refs: []shared.Ref{{Name: "n1", Count: &one}}}
	return &T{Inner: in, Labels: map[string]string{"a": "x"}, MIn: map[string]Inner{"k": in}, PIn: &in, LIn: []Inner{in}, N: 2,
		Tree: &Tree{Name: "r", Children: []Tree{{Name: "c", Children: []Tree{{Name: "d"}}}}}}
}

// Validating a valid object must not allocate, on create and on update,
// whether the update changed something or not: every shape here (inline
// struct, maps and lists of structs from another package, pointers, a
// recursive type) once made a stack path escape.
func TestValidObjectsAllocateNothing(t *testing.T) {
	ctx := context.Background()
	obj, old := valid(), valid()
	changed := valid()
	changed.N = 5
	changed.Tree.Children[0].Name = "e"
	cases := []struct {
		name     string
		op       operation.Type
		obj, old *T
	}{
		{"create", operation.Create, obj, nil},
		{"update unchanged", operation.Update, obj, old},
		{"update changed", operation.Update, changed, old},
	}
	for _, c := range cases {
		if errs := Validate_T(ctx, operation.Operation{Type: c.op}, nil, c.obj, c.old); len(errs) != 0 {
			t.Fatalf("%s: object is not valid: %v", c.name, errs)
		}
		if n := testing.AllocsPerRun(100, func() { Validate_T(ctx, operation.Operation{Type: c.op}, nil, c.obj, c.old) }); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", c.name, n)
		}
	}
}

func TestRecursiveErrorsKeepTheirPath(t *testing.T) {
	bad := valid()
	bad.Tree.Children[0].Children[0].Name = ""
	bad.MIn["k"] = Inner{X: "toolong", Refs: []shared.Ref{{Name: "Bad!"}}}
	errs := Validate_T(context.Background(), operation.Operation{Type: operation.Create}, nil, bad, nil)
	want := map[string]bool{"tree.children[0].children[0].name": true, "min[k].x": true, "min[k].refs[0].name": true}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for _, e := range errs {
		if !want[e.Field] {
			t.Errorf("unexpected error at %s: %v", e.Field, e)
		}
	}
}
