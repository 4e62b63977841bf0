package v1

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func validCronTab() *CronTab {
	replicas := int32(3)
	return &CronTab{
		TypeMeta:   metav1.TypeMeta{APIVersion: "stable.example.com/v1", Kind: "CronTab"},
		ObjectMeta: metav1.ObjectMeta{Name: "my-new-cron-object", Namespace: "default"},
		Spec: CronTabSpec{
			CronSpec: "* * * * */5",
			Image:    "my-awesome-cron-image",
			Replicas: &replicas,
		},
	}
}

// invalidCronTab breaks every tag of CronTabSpec: cronSpec is required,
// image is at most 256 characters, replicas at least 1.
func invalidCronTab() *CronTab {
	obj := validCronTab()
	zero := int32(0)
	obj.Spec.CronSpec = ""
	obj.Spec.Image = strings.Repeat("x", 257)
	obj.Spec.Replicas = &zero
	return obj
}

// changedCronTab is valid and differs from validCronTab in every field of
// the spec, so an update validates all of them.
func changedCronTab() *CronTab {
	obj := validCronTab()
	five := int32(5)
	obj.Spec.CronSpec = "0 * * * *"
	obj.Spec.Image = "my-awesome-cron-image:v2"
	obj.Spec.Replicas = &five
	return obj
}

var (
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
	sink   field.ErrorList
)

func newScheme(tb testing.TB) *runtime.Scheme {
	tb.Helper()
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		tb.Fatal(err)
	}
	return scheme
}

func TestBenchmarkObjects(t *testing.T) {
	ctx := context.Background()
	obj, old, changed := validCronTab(), validCronTab(), changedCronTab()
	if errs := Validate_CronTab(ctx, create, nil, obj, nil); len(errs) != 0 {
		t.Errorf("valid create: %v", errs)
	}
	if errs := Validate_CronTab(ctx, update, nil, obj, old); len(errs) != 0 {
		t.Errorf("valid update, unchanged: %v", errs)
	}
	if errs := Validate_CronTab(ctx, update, nil, changed, old); len(errs) != 0 {
		t.Errorf("valid update, changed: %v", errs)
	}
	want := []struct {
		typ    field.ErrorType
		field  string
		origin string
	}{
		{field.ErrorTypeRequired, "spec.cronSpec", ""},
		{field.ErrorTypeTooLong, "spec.image", "maxLength"},
		{field.ErrorTypeInvalid, "spec.replicas", "minimum"},
	}
	errs := Validate_CronTab(ctx, create, nil, invalidCronTab(), nil)
	if len(errs) != len(want) {
		t.Fatalf("invalid create: got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		if e := errs[i]; e.Type != w.typ || e.Field != w.field || e.Origin != w.origin {
			t.Errorf("error %d: got %s %s origin=%q, want %s %s origin=%q", i, e.Type, e.Field, e.Origin, w.typ, w.field, w.origin)
		}
	}
	scheme := newScheme(t)
	if errs := scheme.Validate(ctx, nil, obj); len(errs) != 0 {
		t.Errorf("scheme, valid create: %v", errs)
	}
	if errs := scheme.ValidateUpdate(ctx, nil, changed, old); len(errs) != 0 {
		t.Errorf("scheme, valid update: %v", errs)
	}
	if errs := scheme.Validate(ctx, nil, invalidCronTab()); len(errs) != len(want) {
		t.Errorf("scheme, invalid create: got %d errors, want %d: %v", len(errs), len(want), errs)
	}
}

// Validating a valid CronTab must not allocate, on create or on update,
// whether the update changed the object or not. This is a property of the
// generated code (paths are built only for errors), not a timing claim.
func TestValidCronTabAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	obj, old, changed := validCronTab(), validCronTab(), changedCronTab()
	cases := []struct {
		name     string
		op       operation.Operation
		obj, old *CronTab
	}{
		{"create", create, obj, nil},
		{"update unchanged", update, obj, old},
		{"update changed", update, changed, old},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(100, func() { sink = Validate_CronTab(ctx, c.op, nil, c.obj, c.old) }); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", c.name, n)
		}
	}
}

func BenchmarkValidate_CronTab(b *testing.B) {
	ctx := context.Background()
	obj, old, changed, invalid := validCronTab(), validCronTab(), changedCronTab(), invalidCronTab()
	run := func(name string, op operation.Operation, obj, old *CronTab) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = Validate_CronTab(ctx, op, nil, obj, old)
			}
		})
	}
	run("create/valid", create, obj, nil)
	run("create/invalid", create, invalid, nil)
	run("update/unchanged", update, obj, old)
	run("update/changed", update, changed, old)
	run("update/invalid", update, invalid, old)
}

// BenchmarkScheme_CronTab goes through RegisterValidations and the
// runtime.Scheme dispatch, as an API server does.
func BenchmarkScheme_CronTab(b *testing.B) {
	ctx := context.Background()
	scheme := newScheme(b)
	obj, old, changed, invalid := validCronTab(), validCronTab(), changedCronTab(), invalidCronTab()
	b.Run("create/valid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = scheme.Validate(ctx, nil, obj)
		}
	})
	b.Run("create/invalid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = scheme.Validate(ctx, nil, invalid)
		}
	})
	b.Run("update/unchanged", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = scheme.ValidateUpdate(ctx, nil, obj, old)
		}
	})
	b.Run("update/changed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = scheme.ValidateUpdate(ctx, nil, changed, old)
		}
	})
}
