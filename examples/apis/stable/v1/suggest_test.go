package v1

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/suggest"
	"github.com/declval/validation-gen/validationtest"
)

// withMaxReplicas is CronTab's handwritten validation with one more rule
// than its tags have: at most 10 replicas. The coverage report finds it
// uncovered, and package suggest proposes and proves the tag for it.
func withMaxReplicas(ctx context.Context, op operation.Operation, obj, old *CronTab) field.ErrorList {
	errs := ValidateCronTab(ctx, op, obj, old)
	if obj.Spec.Replicas != nil && *obj.Spec.Replicas > 10 {
		errs = append(errs, field.Invalid(field.NewPath("spec", "replicas"), *obj.Spec.Replicas, "must be no more than 10"))
	}
	return errs
}

// cronTabs are the objects of the example: a valid one and copies around
// each rule.
func cronTabs() []*CronTab {
	var out []*CronTab
	for _, replicas := range []int32{-1, 0, 1, 3, 10, 11, 50} {
		for _, image := range []string{"", "nginx", strings.Repeat("i", 257)} {
			c := &CronTab{Spec: CronTabSpec{CronSpec: "* * * * */5", Image: image, Replicas: &replicas}}
			out = append(out, c)
		}
	}
	return append(out, &CronTab{Spec: CronTabSpec{CronSpec: strings.Repeat("*", 65), Image: "nginx"}})
}

// TestSuggestForCronTab is the migration report for an API outside
// Kubernetes: the coverage of withMaxReplicas by the tags, a tag
// suggested for what they do not cover, and its proof by generating a
// copy of this package with the tag added (validation-gen, go run).
func TestSuggestForCronTab(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and builds a copy of the package")
	}
	ctx, create := context.Background(), operation.Operation{Type: operation.Create}
	cov := validationtest.NewCoverage("CronTab")
	var objects []suggest.Object
	for _, c := range cronTabs() {
		hw := withMaxReplicas(ctx, create, c, nil)
		cov.Add(hw, Validate_CronTab(ctx, create, nil, c, nil), nil)
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		objects = append(objects, suggest.Object{JSON: b, Handwritten: hw})
	}
	var report strings.Builder
	if err := validationtest.WriteCoverageMarkdown(&report, []*validationtest.Coverage{cov}); err != nil {
		t.Fatal(err)
	}
	t.Logf("coverage:\n%s", report.String())

	// The one kind of handwritten error no tag matches.
	var uncovered []validationtest.CoverageRow
	for _, r := range cov.Rows() {
		if r.Matched == 0 {
			uncovered = append(uncovered, r)
		}
	}
	if len(uncovered) != 1 || uncovered[0].Field != "spec.replicas" || uncovered[0].Origin != "" {
		t.Fatalf("uncovered: %+v, want spec.replicas's Invalid of no origin alone", uncovered)
	}
	k := suggest.Kind{Field: uncovered[0].Field, Type: uncovered[0].Type}
	sample := &CronTab{Spec: CronTabSpec{CronSpec: "*", Image: "nginx", Replicas: ptr(int32(11))}}
	probe := func(path string, v any) (bool, bool) {
		o := *sample
		o.Spec.Replicas = ptr(*sample.Spec.Replicas)
		if err := suggest.Put(&o, path, v); err != nil {
			return false, false
		}
		for _, e := range withMaxReplicas(ctx, create, &o, nil) {
			if e.Type == k.Type && e.Origin == "" && e.Field == path {
				return true, true
			}
		}
		return false, true
	}
	cands, why := suggest.Infer(k, []*field.Error{field.Invalid(field.NewPath("spec", "replicas"), int32(11), "")}, probe)
	if len(cands) != 1 || cands[0].Tag != "+k8s:maximum=10" {
		t.Fatalf("candidates %+v (%s), want +k8s:maximum=10", cands, why)
	}

	// The proof, with a wrong candidate beside it: one above the bound
	// (on another origin would clash; this one is proven apart).
	wrong := cands[0]
	wrong.Tag, wrong.Bound = "+k8s:maximum=11", 11
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	moduleDir := filepath.Join(wd, "../../../..")
	local := suggest.Local{
		ModuleDir: moduleDir, Package: "github.com/declval/validation-gen/examples/apis/stable/v1", Dir: wd, Kind: "CronTab",
		Generator: []string{"go", "run", "./cmd/validation-gen"}, Since: "1.38",
	}
	for _, c := range []suggest.Candidate{cands[0], wrong} {
		p, err := suggest.Place(c, reflect.TypeFor[*CronTab]())
		if err != nil {
			t.Fatal(err)
		}
		verdicts, err := local.Prove([]*suggest.Placement{p}, objects)
		if err != nil {
			t.Fatal(err)
		}
		v := verdicts[0]
		if want := c.Bound == 10; v.Proven() != want {
			t.Errorf("%s: proven %v, want %v (%d of %d agree: %v)", c.Tag, v.Proven(), want, v.Agreed, v.Objects, v.Disagreements)
		}
		if c.Bound == 10 {
			t.Logf("proven: %s.%s (%s:%d): %s, on %d objects", p.GoType, p.GoField, p.File, p.Line, c.Line(local.Since), v.Objects)
		}
	}
}
