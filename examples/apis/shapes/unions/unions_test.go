package unions

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type want struct {
	Type   field.ErrorType
	Field  string
	Origin string
	Detail string // checked when not empty
}

func check(t *testing.T, name string, got field.ErrorList, wants ...want) {
	t.Helper()
	if len(got) != len(wants) {
		t.Errorf("%s: got %d errors, want %d:\n%v", name, len(got), len(wants), got)
		return
	}
	for i, w := range wants {
		g := got[i]
		if g.Type != w.Type || g.Field != w.Field || g.Origin != w.Origin || (w.Detail != "" && g.Detail != w.Detail) {
			t.Errorf("%s: error %d: got %s %s %q %q, want %s %s %q %q", name, i, g.Type, g.Field, g.Origin, g.Detail, w.Type, w.Field, w.Origin, w.Detail)
		}
	}
}

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

func ptr[T any](v T) *T { return &v }

func TestUnion(t *testing.T) {
	check(t, "one set", Validate_Source(ctx, create, nil, &Source{Image: ptr("x")}, nil))
	check(t, "none set", Validate_Source(ctx, create, nil, &Source{}, nil),
		want{field.ErrorTypeInvalid, "<nil>", "union", "must specify one of: `git`, `image`, `files`"})
	two := &Source{Image: ptr("x"), Files: []string{"a"}}
	errs := Validate_Source(ctx, create, field.NewPath("spec", "source"), two, nil)
	check(t, "two set", errs,
		want{field.ErrorTypeInvalid, "spec.source", "union", "must specify exactly one of: `git`, `image`, `files`"})
	if errs[0].BadValue != "{image, files}" {
		t.Errorf("bad value %q", errs[0].BadValue)
	}
	// Ratcheting: the same members set as before is not checked again,
	// even with other values; a change of which members are set is.
	check(t, "unchanged states", Validate_Source(ctx, update, nil, &Source{Image: ptr("y"), Files: []string{"b"}}, two))
	check(t, "changed states", Validate_Source(ctx, update, nil, &Source{Git: &GitSource{URL: "u"}, Files: []string{"b"}}, two),
		want{field.ErrorTypeInvalid, "<nil>", "union", ""})
	// The member's own validation still runs.
	check(t, "member type", Validate_Source(ctx, create, nil, &Source{Git: &GitSource{}}, nil),
		want{field.ErrorTypeRequired, "git.url", "", ""})
}

func TestDiscriminatedUnion(t *testing.T) {
	check(t, "matching", Validate_Shape(ctx, create, nil, &Shape{Kind: "Circle", Circle: ptr[int32](1)}, nil))
	check(t, "memberName", Validate_Shape(ctx, create, nil, &Shape{Kind: "Box", Square: ptr[int32](1)}, nil))
	check(t, "wrong member", Validate_Shape(ctx, create, nil, &Shape{Kind: "Circle", Square: ptr[int32](1)}, nil),
		want{field.ErrorTypeInvalid, "circle", "union", "must be specified when `kind` is \"Circle\""},
		want{field.ErrorTypeInvalid, "square", "union", "may only be specified when `kind` is \"Box\""})
	check(t, "unknown discriminator, nothing set", Validate_Shape(ctx, create, nil, &Shape{Kind: "Hexagon"}, nil))
	old := &Shape{Kind: "Circle", Square: ptr[int32](1)}
	check(t, "unchanged invalid", Validate_Shape(ctx, update, nil, &Shape{Kind: "Circle", Square: ptr[int32](2)}, old))
	check(t, "discriminator changed", Validate_Shape(ctx, update, nil, &Shape{Kind: "Triangle", Square: ptr[int32](2)}, old),
		want{field.ErrorTypeInvalid, "square", "union", ""})
}

func TestZeroOrOneOf(t *testing.T) {
	check(t, "none", Validate_Limits(ctx, create, nil, &Limits{}, nil))
	check(t, "one per group", Validate_Limits(ctx, create, nil, &Limits{Cores: 1, Pages: ptr[int64](1)}, nil))
	errs := Validate_Limits(ctx, create, nil, &Limits{Cores: 1, Millis: 2, Bytes: ptr[int64](1), Pages: ptr[int64](1)}, nil)
	check(t, "both groups", errs,
		want{field.ErrorTypeInvalid, "<nil>", "zeroOrOneOf", "must specify at most one of: `cores`, `millis`"},
		want{field.ErrorTypeInvalid, "<nil>", "zeroOrOneOf", "must specify at most one of: `bytes`, `pages`"})
}

func TestItems(t *testing.T) {
	check(t, "one item", Validate_Job(ctx, create, nil, &Job{Tasks: []Task{{Name: "other"}, {Name: "failed"}}}, nil))
	both := &Job{Tasks: []Task{{Name: "succeeded"}, {Name: "failed"}}}
	check(t, "both items", Validate_Job(ctx, create, nil, both, nil),
		want{field.ErrorTypeInvalid, "tasks", "union", "must specify exactly one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"})
	check(t, "no item", Validate_Job(ctx, create, nil, &Job{}, nil),
		want{field.ErrorTypeInvalid, "tasks", "union", "must specify one of: `tasks[{\"name\": \"succeeded\"}]`, `tasks[{\"name\": \"failed\"}]`"})
	check(t, "unchanged", Validate_Job(ctx, update, nil, &Job{Tasks: []Task{{Name: "failed"}, {Name: "succeeded"}}}, both))
	// item(...)=+k8s:subfield("size")=+k8s:minimum=10 applies to the
	// primary item, wherever it is.
	small := &Job{Tasks: []Task{{Name: "failed"}, {Name: "primary", Size: 3}}}
	check(t, "primary too small", Validate_Job(ctx, create, nil, small, nil),
		want{field.ErrorTypeInvalid, "tasks[1].size", "minimum", ""})
	moved := &Job{Tasks: []Task{{Name: "primary", Size: 3}, {Name: "failed"}}}
	check(t, "unchanged primary ratchets", Validate_Job(ctx, update, nil, moved, small))
	moved.Tasks[0].Size = 4
	check(t, "changed primary", Validate_Job(ctx, update, nil, moved, small),
		want{field.ErrorTypeInvalid, "tasks[0].size", "minimum", ""})
}

// A union over list items is skipped on update only when there was an old
// list: as in Kubernetes, a nil old list is no old value, so the new list
// is checked in full; an empty old list is an old value with no member set.
func TestItemUnionOldListNilIsNoOldValue(t *testing.T) {
	obj := &Job{Tasks: []Task{{Name: "other"}}}
	check(t, "from a nil list", Validate_Job(ctx, update, nil, obj, &Job{}),
		want{field.ErrorTypeInvalid, "tasks", "union", ""})
	check(t, "from an empty list", Validate_Job(ctx, update, nil, obj, &Job{Tasks: []Task{}}))
}
