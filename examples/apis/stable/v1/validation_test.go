package v1

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// errT is what the tests compare: an error's Type, Field path and Origin.
type errT struct {
	Type   field.ErrorType
	Field  string
	Origin string
}

func (e errT) String() string { return fmt.Sprintf("{%s %q %q}", e.Type, e.Field, e.Origin) }

func sortErrT(s []errT) {
	slices.SortFunc(s, func(a, b errT) int { return strings.Compare(a.String(), b.String()) })
}

// sameErrors compares errs with want, ignoring order but not count.
func sameErrors(errs field.ErrorList, want []errT) ([]errT, bool) {
	got := make([]errT, 0, len(errs))
	for _, e := range errs {
		got = append(got, errT{e.Type, e.Field, e.Origin})
	}
	w := slices.Clone(want)
	sortErrT(got)
	sortErrT(w)
	return got, slices.Equal(got, w)
}

func ptr[T any](v T) *T { return &v }

func newCronTab() *CronTab {
	return &CronTab{
		TypeMeta:   metav1.TypeMeta{Kind: "CronTab", APIVersion: "stable.example.com/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "ct", Namespace: "default"},
		Spec:       CronTabSpec{CronSpec: "* * * * */5", Image: "my-awesome-cron-image", Replicas: ptr(int32(1))},
	}
}

func TestCronTab(t *testing.T) {
	req := func(f string) errT { return errT{field.ErrorTypeRequired, f, ""} }
	long := func(f string) errT { return errT{field.ErrorTypeTooLong, f, "maxLength"} }
	min := func(f string) errT { return errT{field.ErrorTypeInvalid, f, "minimum"} }
	cases := []struct {
		name   string
		update bool
		old    func(*CronTab) // update: applied to the old object
		obj    func(*CronTab) // applied to (a copy of the old) object
		want   []errT
	}{
		{name: "valid"},
		{name: "required: missing", obj: func(c *CronTab) { c.Spec.CronSpec, c.Spec.Image = "", "" },
			want: []errT{req("spec.cronSpec"), req("spec.image")}},
		{name: "required: update unchanged ratchets", update: true, old: func(c *CronTab) { c.Spec.Image = "" }},
		{name: "required: update cleared", update: true, obj: func(c *CronTab) { c.Spec.Image = "" },
			want: []errT{req("spec.image")}},
		{name: "maxLength: at the limit", obj: func(c *CronTab) { c.Spec.CronSpec = strings.Repeat("*", 64) }},
		{name: "maxLength: counts characters", obj: func(c *CronTab) { c.Spec.CronSpec = strings.Repeat("ü", 64) }},
		{name: "maxLength: over", obj: func(c *CronTab) {
			c.Spec.CronSpec = strings.Repeat("*", 65)
			c.Spec.Image = strings.Repeat("i", 257)
		}, want: []errT{long("spec.cronSpec"), long("spec.image")}},
		{name: "maxLength: update unchanged ratchets", update: true,
			old: func(c *CronTab) { c.Spec.CronSpec = strings.Repeat("*", 65) },
			obj: func(c *CronTab) { c.Spec.Image = "other" }},
		{name: "maxLength: update changed", update: true,
			old:  func(c *CronTab) { c.Spec.CronSpec = strings.Repeat("*", 65) },
			obj:  func(c *CronTab) { c.Spec.CronSpec = strings.Repeat("*", 66) },
			want: []errT{long("spec.cronSpec")}},
		{name: "optional: nil pointer", obj: func(c *CronTab) { c.Spec.Replicas = nil }},
		{name: "minimum: zero is set and too small", obj: func(c *CronTab) { c.Spec.Replicas = ptr(int32(0)) },
			want: []errT{min("spec.replicas")}},
		{name: "minimum: negative", obj: func(c *CronTab) { c.Spec.Replicas = ptr(int32(-1)) },
			want: []errT{min("spec.replicas")}},
		{name: "minimum: update unchanged ratchets", update: true, old: func(c *CronTab) { c.Spec.Replicas = ptr(int32(0)) }},
		{name: "minimum: update changed", update: true,
			old:  func(c *CronTab) { c.Spec.Replicas = ptr(int32(0)) },
			obj:  func(c *CronTab) { c.Spec.Replicas = ptr(int32(-1)) },
			want: []errT{min("spec.replicas")}},
		{name: "minimum: update from nil", update: true,
			old:  func(c *CronTab) { c.Spec.Replicas = nil },
			obj:  func(c *CronTab) { c.Spec.Replicas = ptr(int32(0)) },
			want: []errT{min("spec.replicas")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var old *CronTab
			obj := newCronTab()
			op := operation.Operation{Type: operation.Create}
			if c.update {
				op.Type = operation.Update
				if c.old != nil {
					c.old(obj)
				}
				old = obj
				obj = old.DeepCopy()
			}
			if c.obj != nil {
				c.obj(obj)
			}
			ctx := context.Background()
			if got, ok := sameErrors(Validate_CronTab(ctx, op, nil, obj, old), c.want); !ok {
				t.Errorf("generated: got %v, want %v", got, c.want)
			}
			if got, ok := sameErrors(ValidateCronTab(ctx, op, obj, old), c.want); !ok {
				t.Errorf("handwritten: got %v, want %v", got, c.want)
			}
		})
	}
}

func TestCronTabScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ct := newCronTab()
	if !scheme.HasValidationFunc(ct) {
		t.Fatal("no validation function registered for *CronTab")
	}
	if errs := scheme.Validate(ctx, nil, ct); len(errs) != 0 {
		t.Errorf("valid: %v", errs)
	}
	bad := newCronTab()
	bad.Spec.Image = ""
	want := []errT{{field.ErrorTypeRequired, "spec.image", ""}}
	if got, ok := sameErrors(scheme.Validate(ctx, nil, bad), want); !ok {
		t.Errorf("create: got %v, want %v", got, want)
	}
	if errs := scheme.ValidateUpdate(ctx, nil, bad.DeepCopy(), bad); len(errs) != 0 {
		t.Errorf("unchanged update: %v", errs)
	}
	errs := scheme.Validate(ctx, nil, ct, "status")
	if got, ok := sameErrors(errs, []errT{{field.ErrorTypeInternal, "<nil>", ""}}); !ok {
		t.Fatalf("unknown subresource: got %v", got)
	}
	if d := errs[0].Detail; d != "no validation found for *v1.CronTab, subresource: /status" {
		t.Errorf("unknown subresource: detail %q", d)
	}
}

// TestAddToScheme: the generated init() registered the validations with
// localSchemeBuilder, so AddToScheme adds them with the kind, as
// k8s.io/api's packages do.
func TestAddToScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	bad := newCronTab()
	bad.Spec.Image = ""
	want := []errT{{field.ErrorTypeRequired, "spec.image", ""}}
	if got, ok := sameErrors(scheme.Validate(context.Background(), nil, bad), want); !ok {
		t.Errorf("create: got %v, want %v", got, want)
	}
}
