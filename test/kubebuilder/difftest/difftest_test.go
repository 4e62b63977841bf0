package difftest

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
	"github.com/declval/validation-gen/test/crdpipeline"
)

// cronTabs is the committed CRD of this repository's CronTab example,
// whose validator the generator wrote from +k8s: tags. Those validators
// run all their checks where the server skips its CEL rules after a
// blocking error (test/crd allows for it): BlockedSubset.
func cronTabs(validate Validator[stablev1.CronTab], n int) Kind[stablev1.CronTab] {
	return Kind[stablev1.CronTab]{Name: "CronTab", CRD: "../../../config/crd/stable.example.com_crontabs.yaml", Version: "v1", Validate: validate, Objects: n,
		BlockedSubset: true}
}

// TestCronTab runs the comparison on the CronTab example: both valid and
// invalid objects are made, and its generated validator agrees with the
// server on all.
func TestCronTab(t *testing.T) {
	r := Check(t, cronTabs(stablev1.Validate_CronTab, 400))
	t.Log(r.Summary())
	for _, s := range r.Shown {
		t.Log(s)
	}
	if r.Objects != 400 || r.Updates != 2*400-1 {
		t.Errorf("%d objects and %d updates, want 400 and 799", r.Objects, r.Updates)
	}
	if r.WithErrors == 0 || r.WithErrors == r.Objects {
		t.Errorf("%d of %d objects invalid: want both valid and invalid objects", r.WithErrors, r.Objects)
	}
	if r.Failed() {
		t.Errorf("disagreements on the CronTab example: %s", r.Summary())
	}
}

// TestStubDisagrees checks that a validator that finds nothing disagrees
// on every object the server rejects, on create, and that the first
// disagreement is shown shrunk.
func TestStubDisagrees(t *testing.T) {
	stub := func(context.Context, operation.Operation, *field.Path, *stablev1.CronTab, *stablev1.CronTab) field.ErrorList {
		return nil
	}
	r := Check(t, cronTabs(stub, 100))
	t.Log(r.Summary())
	if r.Create != r.WithErrors || r.Create == 0 {
		t.Errorf("%d disagreements on create, want one on each of the %d objects the server rejects", r.Create, r.WithErrors)
	}
	if len(r.Shown) == 0 || !strings.Contains(r.Shown[0], "server only") {
		t.Fatalf("no disagreement described: %q", r.Shown)
	}
	// Shrunk: one field of spec is left (the others are absent, or
	// empty where a Go client writes them).
	_, obj, _ := strings.Cut(r.Shown[0], "object (as the server validates it): ")
	obj, _, _ = strings.Cut(obj, "\n")
	var shrunk struct{ Spec map[string]any }
	err := json.Unmarshal([]byte(obj), &shrunk)
	left := 0
	for _, v := range shrunk.Spec {
		if v != "" {
			left++
		}
	}
	if err != nil || left != 1 ||
		!strings.Contains(r.Shown[0], "(the objects shrunk to what still shows the first difference, server only ") {
		t.Errorf("not shrunk (%v):\n%s", err, r.Shown[0])
	}
}

// TestSamePipeline checks that the steps Check takes on the server's side
// (Decode, the status rule of PrepareForCreate, ValidateDecoded) give the
// errors crdpipeline's Validate gives.
func TestSamePipeline(t *testing.T) {
	k := cronTabs(nil, 0)
	crd, err := LoadCRD(k.CRD, k.Version)
	if err != nil {
		t.Fatal(err)
	}
	pipe, err := crdpipeline.New(crd)
	if err != nil {
		t.Fatal(err)
	}
	d := &run[stablev1.CronTab]{k: k, pipe: pipe, gen: newGenerator(1, pipe.Schema), apiVersion: "stable.example.com/v1", kind: "CronTab"}
	ctx := context.Background()
	// The server's errors come in the order of its maps.
	str := func(errs field.ErrorList) string {
		var s []string
		for _, e := range errs {
			s = append(s, e.Error())
		}
		slices.Sort(s)
		return strings.Join(s, "\n")
	}
	var prev []byte
	for i := range 200 {
		body, err := d.body(i)
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := pipe.Validate(ctx, body, nil)
		if err != nil {
			t.Fatal(err)
		}
		u, ok := d.decode(body, nil)
		if !ok {
			t.Fatalf("%s: not decoded", body)
		}
		if got := pipe.ValidateDecoded(ctx, u, nil); str(got) != str(want) {
			t.Errorf("create %s:\n%s\nwant\n%s", body, str(got), str(want))
		}
		if prev != nil {
			want, _, err := pipe.Validate(ctx, body, prev)
			if err != nil {
				t.Fatal(err)
			}
			old, _ := d.decode(prev, nil)
			u, _ := d.decode(body, old)
			if got := pipe.ValidateDecoded(ctx, u, old); str(d.compared(got)) != str(d.compared(want)) {
				t.Errorf("update %s over %s:\n%s\nwant\n%s", body, prev, str(got), str(want))
			}
		}
		prev = body
	}
}

// TestFieldPath checks how server paths are rewritten.
func TestFieldPath(t *testing.T) {
	str := structuralschema.Structural{Generic: structuralschema.Generic{Type: "string"}}
	labels := structuralschema.Structural{Generic: structuralschema.Generic{Type: "object"}, AdditionalProperties: &structuralschema.StructuralOrBool{Structural: &str}}
	item := structuralschema.Structural{Generic: structuralschema.Generic{Type: "object"}, Properties: map[string]structuralschema.Structural{"name": str}}
	byName := structuralschema.Structural{Generic: structuralschema.Generic{Type: "object"}, AdditionalProperties: &structuralschema.StructuralOrBool{Structural: &item}}
	list := structuralschema.Structural{Generic: structuralschema.Generic{Type: "array"}, Items: &byName}
	spec := structuralschema.Structural{Generic: structuralschema.Generic{Type: "object"}, Properties: map[string]structuralschema.Structural{"labels": labels, "list": list, "byName": byName}}
	root := &structuralschema.Structural{Generic: structuralschema.Generic{Type: "object"}, Properties: map[string]structuralschema.Structural{"spec": spec}}
	var obj map[string]any
	if err := json.Unmarshal([]byte(`{"spec":{"labels":{"a.b":"x","a":"y"},"list":[{"k.x":{"name":""}}],"byName":{"x.name":{"name":"n"}}}}`), &obj); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"<nil>", "<nil>"},
		{"spec", "spec"},
		{".spec.labels", "spec.labels"},
		{"spec.labels.a.b", "spec.labels[a.b]"},
		{"spec.labels.a", "spec.labels[a]"},
		{"spec.labels[a.b]", "spec.labels[a.b]"},
		{"spec.labels.zz", "spec.labels[zz]"},
		{"spec.list[0].k.x.name", "spec.list[0][k.x].name"},
		{"spec.byName.x.name.name", "spec.byName[x.name].name"},
		{"spec.byName[x.name].name", "spec.byName[x.name].name"},
		{"spec.other.x", "spec.other.x"},
	} {
		if got := FieldPath(root, obj, c.in); got != c.want {
			t.Errorf("FieldPath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
