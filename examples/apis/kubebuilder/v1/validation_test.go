package v1

import (
	"context"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/validation/field"

	corev1 "k8s.io/api/core/v1"

	vgruntime "github.com/declval/validation-gen/runtime"
)

func ptr[T any](v T) *T { return &v }

// blocked is the server's error instead of the CEL rules, after an error
// of a type that blocks them (NotSupported, Required, TooLong, TooMany).
const blocked = "FieldValueInvalid <nil>"

func validCronTab() *CronTab {
	return &CronTab{
		TypeMeta:   metav1.TypeMeta{APIVersion: "kubebuilder.example.com/v1", Kind: "CronTab"},
		ObjectMeta: metav1.ObjectMeta{Name: "my-cron", Namespace: "default"},
		Spec: CronTabSpec{
			CronSpec: "* * * * */5", Image: "my-awesome-cron-image", Replicas: ptr(int32(3)), ConcurrencyPolicy: "Forbid",
			StartingDeadlineSeconds: ptr(int64(10)), MaxSurge: ptr(intstr.FromString("25%")), Tags: []string{"a", "b"},
			Env:         []corev1.EnvVar{{Name: "A", Value: "1"}, {Name: "B", Value: "2"}},
			Annotations: map[string]AnnotationValue{"team": "x"},
			Template: &corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "i",
				Ports: []corev1.ContainerPort{{ContainerPort: 80, Protocol: corev1.ProtocolTCP}}}}}},
		},
		Status: CronTabStatus{Conditions: []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Running", LastTransitionTime: metav1.Now()}}, LastRuns: []DNSLabel{"run-1"}},
	}
}

// wantErrors requires errs to be exactly the errors want names ("<type>
// <path>").
func wantErrors(t *testing.T, what string, errs field.ErrorList, want []string) {
	t.Helper()
	got := errorKeys(errs)
	if len(got) != len(want) {
		t.Errorf("%s: errors %v, want %v", what, got, want)
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("%s: no %s among %v", what, w, got)
		}
	}
}

func errorKeys(errs field.ErrorList) map[string]bool {
	out := map[string]bool{}
	for _, e := range errs {
		out[string(e.Type)+" "+e.Field] = true
	}
	return out
}

// The generated validator checks what the CRD makes the server check;
// the differential test (test/crd) compares the two on random objects,
// this test names the cases.
func TestValidateCronTab(t *testing.T) {
	ctx := context.Background()
	create := operation.Operation{Type: operation.Create}
	if errs := Validate_CronTab(ctx, create, nil, validCronTab(), nil); len(errs) > 0 {
		t.Fatalf("valid CronTab: %v", errs)
	}
	for _, c := range []struct {
		name   string
		change func(*CronTab)
		want   []string
	}{
		{"pattern and minLength", func(c *CronTab) { c.Spec.CronSpec = "daily" }, []string{"FieldValueInvalid spec.cronSpec"}},
		{"maxLength", func(c *CronTab) { c.Spec.Image = string(make([]byte, 257)) }, []string{"FieldValueTooLong spec.image", blocked}},
		{"maximum", func(c *CronTab) { c.Spec.Replicas = ptr(int32(11)) }, []string{"FieldValueInvalid spec.replicas"}},
		{"exclusive minimum", func(c *CronTab) { c.Spec.StartingDeadlineSeconds = ptr(int64(0)) }, []string{"FieldValueInvalid spec.startingDeadlineSeconds"}},
		{"multipleOf", func(c *CronTab) { c.Spec.StartingDeadlineSeconds = ptr(int64(7)) }, []string{"FieldValueInvalid spec.startingDeadlineSeconds"}},
		{"enum of a named type", func(c *CronTab) { c.Spec.ConcurrencyPolicy = "Sometimes" }, []string{"FieldValueNotSupported spec.concurrencyPolicy", blocked}},
		{"omitempty zero value is absent", func(c *CronTab) { c.Spec.ConcurrencyPolicy = "" }, nil},
		{"int-or-string pattern", func(c *CronTab) { c.Spec.MaxSurge = ptr(intstr.FromString("many")) }, []string{"FieldValueInvalid spec.maxSurge"}},
		{"list-set", func(c *CronTab) { c.Spec.Tags = []string{"a", "a"} }, []string{"FieldValueDuplicate spec.tags[1]"}},
		{"items maxLength", func(c *CronTab) { c.Spec.Tags = []string{string(make([]byte, 33))} }, []string{"FieldValueTooLong spec.tags[0]", blocked}},
		{"list-map of another package's type", func(c *CronTab) { c.Spec.Env = append(c.Spec.Env, corev1.EnvVar{Name: "A"}) }, []string{"FieldValueDuplicate spec.env[2]"}},
		{"maxProperties", func(c *CronTab) {
			for _, k := range "abcdefghijklmnopq" {
				c.Spec.Annotations[string(k)] = ""
			}
		}, []string{"FieldValueTooMany spec.annotations", blocked}},
		{"required in another package's type (containers)", func(c *CronTab) { c.Spec.Template.Spec.Containers = nil }, []string{"FieldValueRequired spec.template.spec.containers", blocked}},
		// type OwnerName DNSLabel: DNSLabel's markers hold too.
		{"markers of the type a type is declared as", func(c *CronTab) { c.Spec.Owner = "Not_A_Label" }, []string{"FieldValueInvalid spec.owner"}},
		{"maxLength of the type a type is declared as", func(c *CronTab) { c.Spec.Owner = OwnerName(strings.Repeat("a", 64)) }, []string{"FieldValueTooLong spec.owner", blocked}},
		{"own markers of a type declared as another", func(c *CronTab) { c.Spec.Owner = "root" }, []string{"FieldValueInvalid spec.owner"}},
		// The server drops the status a create sends (the kind has the
		// status subresource): nothing in it is checked.
		{"status on the main resource", func(c *CronTab) { c.Status.Conditions[0].Status = "Maybe"; c.Status.LastRuns = nil }, nil},
		{"CEL rule", func(c *CronTab) { c.Spec.SuspendUntil = ptr(metav1.Now()) }, []string{"FieldValueInvalid spec"}},
		{"embedded resource without its kind", func(c *CronTab) {
			c.Spec.Notify = runtime.RawExtension{Raw: []byte(`{"apiVersion":"v1","metadata":{"name":"a/b"}}`)}
		}, []string{"FieldValueRequired spec.notify.kind", "FieldValueInvalid spec.notify.metadata.name", blocked}},
		{"embedded resource", func(c *CronTab) {
			c.Spec.Notify = runtime.RawExtension{Raw: []byte(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}`)}
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := validCronTab()
			c.change(obj)
			wantErrors(t, "create", Validate_CronTab(ctx, create, nil, obj, nil), c.want)
		})
	}
}

// On the status subresource the status is checked (the required lastRuns,
// metav1.Condition's own markers); on the main resource the server keeps
// the old status, so nothing in it is checked there.
func TestValidateCronTabStatus(t *testing.T) {
	ctx := context.Background()
	old := validCronTab()
	old.Status.LastRuns = []DNSLabel{"run-1"}
	status := operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}}
	main := operation.Operation{Type: operation.Update}
	for _, c := range []struct {
		name       string
		change     func(*CronTab)
		wantStatus []string
	}{
		{"metav1.Condition's own markers", func(c *CronTab) { c.Status.Conditions[0].Status = "Maybe" }, []string{"FieldValueNotSupported status.conditions[0].status", blocked}},
		{"required in the status", func(c *CronTab) { c.Status.LastRuns = nil }, []string{"FieldValueRequired status.lastRuns", blocked}},
		{"items of the status", func(c *CronTab) { c.Status.LastRuns = []DNSLabel{"Run"} }, []string{"FieldValueInvalid status.lastRuns[0]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := old.DeepCopy()
			c.change(obj)
			wantErrors(t, "/status", Validate_CronTab(ctx, status, nil, obj, old), c.wantStatus)
			if errs := Validate_CronTab(ctx, main, nil, obj, old); len(errs) > 0 {
				t.Errorf("main resource: the status is not the request's to set, yet: %v", errs)
			}
		})
	}
}

// An update ratchets what did not change, as the server does.
func TestValidateCronTabUpdate(t *testing.T) {
	ctx := context.Background()
	old := validCronTab()
	old.Spec.Replicas = ptr(int32(11))
	obj := old.DeepCopy()
	obj.Spec.Image = "other"
	if errs := Validate_CronTab(ctx, operation.Operation{Type: operation.Update}, nil, obj, old); len(errs) > 0 {
		t.Errorf("unchanged invalid replicas reported on update: %v", errs)
	}
	obj.Spec.Replicas = ptr(int32(12))
	if errs := Validate_CronTab(ctx, operation.Operation{Type: operation.Update}, nil, obj, old); len(errs) != 1 {
		t.Errorf("changed invalid replicas: %v", errs)
	}
}

func BenchmarkValidateCronTab(b *testing.B) {
	ctx := context.Background()
	obj := validCronTab()
	create := operation.Operation{Type: operation.Create}
	b.ReportAllocs()
	for b.Loop() {
		if errs := Validate_CronTab(ctx, create, nil, obj, nil); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

// The schema's keywords alone (what Validate_CronTab checks before the
// CEL rules), which allocate nothing on a valid object.
func TestKeywordsAllocateNothing(t *testing.T) {
	obj := validCronTab()
	var p vgruntime.Path
	if n := testing.AllocsPerRun(100, func() {
		if errs := validate_CronTab_root(&p, obj, nil); len(errs) > 0 {
			t.Fatal(errs)
		}
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// A create's whole validation, the CEL rule compiled to Go included,
// allocates nothing on a valid object; so do the compiled rules on an
// update (their ratcheting asks the server's correlation only when a rule
// fails), and so does a whole update, changed or not: the ratcheting
// gates compare old and new values as the server's JSON without writing
// the JSON of values that are equal (metav1.Time, IntOrString, ...) or
// copying map entries (they once cost 24 to 28 allocations).
func TestValidateAllocatesNothing(t *testing.T) {
	obj, old := validCronTab(), validCronTab()
	old.Spec.Image = "nginx:1.27"
	ctx := context.Background()
	if n := testing.AllocsPerRun(100, func() {
		if errs := Validate_CronTab(ctx, operation.Operation{Type: operation.Create}, nil, obj, nil); len(errs) > 0 {
			t.Fatal(errs)
		}
	}); n != 0 {
		t.Errorf("create: %v allocations", n)
	}
	var p vgruntime.Path
	if n := testing.AllocsPerRun(100, func() {
		if errs := celAt_CronTab(operation.Operation{Type: operation.Update}, &p, obj, old); len(errs) > 0 {
			t.Fatal(errs)
		}
	}); n != 0 {
		t.Errorf("update, CEL rules: %v allocations", n)
	}
	for _, o := range []struct {
		name string
		old  *CronTab
	}{{"changed", old}, {"unchanged", validCronTab()}} {
		if n := testing.AllocsPerRun(100, func() {
			if errs := Validate_CronTab(ctx, operation.Operation{Type: operation.Update}, nil, obj, o.old); len(errs) > 0 {
				t.Fatal(errs)
			}
		}); n != 0 {
			t.Errorf("update, %s: %v allocations", o.name, n)
		}
	}
}

// A map's values are checked in the map's order (which allocates
// nothing), and, when they have errors, again in the keys' order: the
// errors come in the same order every time.
func TestMapValueErrorsInKeyOrder(t *testing.T) {
	long := AnnotationValue(strings.Repeat("v", 257))
	obj := validCronTab()
	obj.Spec.Annotations = map[string]AnnotationValue{"e": long, "a": long, "ok": "x", "d": long, "c": long, "b": long}
	want := []string{"spec.annotations[a]", "spec.annotations[b]", "spec.annotations[c]", "spec.annotations[d]", "spec.annotations[e]", "<nil>"} // the last: CEL not run after TooLong
	for range 20 {
		var got []string
		for _, e := range Validate_CronTab(context.Background(), operation.Operation{Type: operation.Create}, nil, obj, nil) {
			got = append(got, e.Field)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("errors at %v, want %v", got, want)
		}
	}
}
