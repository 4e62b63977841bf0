//go:build generated

package migration

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/suggest"
	"github.com/declval/validation-gen/validationtest"
)

var update = flag.Bool("update", false, "rewrite testdata/kubernetes-mismatches.txt")

// TestMigrationAgainstHandwritten runs runtime.Migration as the API
// server runs declarative validation, for every kind of Kinds, on every
// request of Requests. Kubernetes 1.37's strategies give the handwritten
// errors, the options and the normalization rules; validation-gen's
// Validate_<Kind> the declarative errors. Migration must return the API
// server's errors (rest.ValidateCreate / ValidateUpdate with Kubernetes'
// generated validators), and must find the same mismatches as with
// Kubernetes' generated validators in place of ours: any mismatch is then
// Kubernetes' own, between its tags and its handwritten validation, and
// those are pinned in testdata/kubernetes-mismatches.txt (go test -tags
// generated -update rewrites it).
func TestMigrationAgainstHandwritten(t *testing.T) {
	// Every kind's versioned type, and Scale, is registered: Scheme.Validate
	// of a type with no function returns no errors, which would agree with
	// a server that finds none.
	for _, gvk := range append([]schema.GroupVersionKind{scaleGVK}, kindGVKs()...) {
		obj, err := legacyscheme.Scheme.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		if !OurScheme.HasValidationFunc(obj) {
			t.Errorf("%s: validation-gen's RegisterValidations registers no validation", gvk)
		}
	}
	var requests, errs, mismatches, random int
	found := map[string]string{}      // pinned line -> first request showing it
	scaleReported := map[string]int{} // kind -> /scale requests with a declarative error
	for _, kr := range runs(t) {
		k, created := kr.Kind, kr.Created()
		for i, req := range kr.Requests {
			r := kr.Results[i]
			requests++
			if strings.Contains(req.Name, "random") {
				random++
			}
			if req.Subresource == "scale" && len(r.Declarative) > 0 {
				scaleReported[k.GVK.Kind]++
			}
			errs += len(r.Server)
			mismatches += len(r.OursMismatches)
			server := errorKeys(r.Server)
			if ours := errorKeys(r.Ours); !reflect.DeepEqual(ours, server) {
				t.Errorf("%s %s: Migration with validation-gen's validators returns\n  %s\nthe API server\n  %s", k.GVK.Kind, req.Name, strings.Join(ours, "\n  "), strings.Join(server, "\n  "))
			}
			if theirs := errorKeys(r.Theirs); !reflect.DeepEqual(theirs, server) {
				t.Errorf("%s %s: Migration with Kubernetes' generated validators returns\n  %s\nthe API server\n  %s", k.GVK.Kind, req.Name, strings.Join(theirs, "\n  "), strings.Join(server, "\n  "))
			}
			if !reflect.DeepEqual(r.OursMismatches, r.TheirMismatches) {
				t.Errorf("%s %s: mismatches with validation-gen's validators\n  %s\nwith Kubernetes'\n  %s", k.GVK.Kind, req.Name, strings.Join(r.OursMismatches, "\n  "), strings.Join(r.TheirMismatches, "\n  "))
			}
			for _, m := range r.OursMismatches {
				line := k.GVK.Kind + "\t" + validationtest.FoldPath(m) + "\t" + why(m, r.Declarative, created[req.Object].Declarative, req.Old != nil)
				if _, ok := found[line]; !ok {
					found[line] = req.Name
				}
			}
		}
	}
	t.Logf("%d requests (%d of random objects), %d errors from the API server, %d mismatches between handwritten and declarative validation, all Kubernetes' own (%d distinct, pinned)", requests, random, errs, mismatches, len(found))
	if random == 0 {
		t.Errorf("no request of a random object")
	}
	// Every kind with /scale had its Scale validated declaratively, to an
	// error at least once (a negative replicas).
	for kind := range scaleSubresources {
		if scaleReported[kind] == 0 {
			t.Errorf("%s: no /scale request reported a declarative error", kind)
		}
	}
	checkPinned(t, found)
}

// runs are every kind's requests, run once for the package's tests.
var runs = func() func(t *testing.T) []KindRun {
	once := sync.OnceValues(func() ([]KindRun, error) { return RunAll(Mutations) })
	return func(t *testing.T) []KindRun {
		t.Helper()
		r, err := once()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
}()

// why says why Kubernetes' lifecycle logs a mismatch: a declarative
// error that no covered handwritten error matches; or a covered
// handwritten error that a stable tag reports (the lifecycle compares only
// alpha and beta errors: the handwritten check is due for deletion), that
// a tag reports on create but ratchets on this update (the value did not
// change; the handwritten check reports it again), or that no tag
// reports.
func why(mismatch string, declarative, created field.ErrorList, update bool) string {
	if strings.HasPrefix(mismatch, string(vgruntime.ExtraInDeclarative)) {
		return "a tag reports it; no covered handwritten error matches"
	}
	reports := func(errs field.ErrorList) *field.Error {
		for _, d := range errs {
			if strings.Contains(mismatch, fmt.Sprintf(": %s %s origin=%q ", string(d.Type), d.Field, d.Origin)) {
				return d
			}
		}
		return nil
	}
	if d := reports(declarative); d != nil {
		return "a " + vgruntime.StabilityLevel(d) + " tag reports it, which the lifecycle does not compare"
	}
	if update && reports(created) != nil {
		return "a tag reports it on create and ratchets the unchanged value on update; the handwritten check reports it again"
	}
	return "marked covered; no tag reports it"
}

const pinnedFile = "testdata/kubernetes-mismatches.txt"

// checkPinned compares the mismatches found with the pinned ones: a new
// one fails (a regression, or a Kubernetes difference to look at and
// pin), and so does a pinned one no longer found (fixed: unpin it).
func checkPinned(t *testing.T, found map[string]string) {
	var lines []string
	for l, req := range found {
		lines = append(lines, l+"\t"+req)
	}
	sort.Strings(lines)
	text := "# Mismatches Kubernetes 1.37's own declarative validation logs against its handwritten\n" +
		"# validation on k8s.io/api's fixtures (kind, mismatch with indices folded, why, first request\n" +
		"# showing it). validation-gen's validators find exactly these. go test -tags generated -update.\n" +
		strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(pinnedFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(pinnedFile)
	if err != nil {
		t.Fatal(err)
	}
	pinned := map[string]bool{}
	for _, l := range strings.Split(string(want), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			pinned[l[:strings.LastIndexByte(l, '\t')]] = true
		}
	}
	for l, req := range found {
		if !pinned[l] {
			t.Errorf("a mismatch not pinned in %s (%s): %s", pinnedFile, req, l)
		}
	}
	for l := range pinned {
		if _, ok := found[l]; !ok {
			t.Errorf("pinned in %s, no longer found: %s", pinnedFile, l)
		}
	}
}

// errorKeys are the errors as multisets compare them: Type, field,
// origin, stability level and the two marks of the migration.
func errorKeys(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s %s origin=%q %s covered=%v imperative=%v", e.Type, e.Field, e.Origin, vgruntime.StabilityLevel(e), e.CoveredByDeclarative, e.FromImperative)
	}
	sort.Strings(out)
	return out
}

// TestCoverageReportFresh: docs/k8s-coverage.md is what the coverage
// command writes now.
func TestCoverageReportFresh(t *testing.T) {
	got, err := CoverageReport(runs(t), "../internal/generated/scratch-test")
	if err != nil {
		t.Fatal(err)
	}
	const committed = "../../../docs/k8s-coverage.md"
	want, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/k8s-coverage.md is stale: run hack/update-k8s-coverage.sh")
	}
	// A real uncovered check the report proves a tag for.
	if !bytes.Contains(got, []byte("`TokenRequest.ExpirationSeconds`, for the handwritten Invalid value error, proven on\n\n- CSIDriver,")) ||
		!bytes.Contains(got, []byte(`+	// +k8s:alpha(since: "1.38")=+k8s:minimum=600`)) {
		t.Errorf("the report no longer proves +k8s:minimum=600 on CSIDriver's TokenRequest.ExpirationSeconds")
	}
	// An enum proven on its type, and one refuted: PersistentVolume's
	// handwritten check reports an unsupported access mode at the list,
	// +k8s:enum at the item.
	if !bytes.Contains(got, []byte("`ConcurrencyPolicy` (the type of `CronJobSpec.ConcurrencyPolicy`), for the handwritten Unsupported value error, proven on")) {
		t.Errorf("the report no longer proves +k8s:enum on CronJob's ConcurrencyPolicy")
	}
	if !bytes.Contains(got, []byte("| PersistentVolume | `spec.accessModes` | Unsupported value | +k8s:enum: refuted on ")) {
		t.Errorf("the report no longer refutes +k8s:enum on PersistentVolume's access modes")
	}
}

// TestSuggestionProofRefutesWrongTags: the proof of a tag suggestion
// rejects a tag that is off by one either way on a real check
// (CSIDriver's token requests may not expire sooner than 600 seconds),
// and proves the right one.
func TestSuggestionProofRefutesWrongTags(t *testing.T) {
	var kr KindRun
	for _, r := range runs(t) {
		if r.Kind.GVK.Kind == "CSIDriver" {
			kr = r
		}
	}
	const path = "spec.tokenRequests[*].expirationSeconds"
	want := suggest.Kind{Field: path, Type: field.ErrorTypeInvalid}
	samples, creates := kr.samples(func(sk suggest.Kind) bool { return sk == want })
	s, ok := samples[want]
	if !ok {
		t.Fatalf("no CSIDriver fixture breaks %s", path)
	}
	var cands []pending
	for _, bound := range []int64{599, 600, 601} {
		c := suggest.Candidate{Kind: suggest.Kind{Field: path, Type: field.ErrorTypeInvalid},
			Tag: fmt.Sprintf("+k8s:minimum=%d", bound), Origin: "minimum", Bound: bound}
		p, why := kr.locate(c, s, creates)
		if why != "" {
			t.Fatal(why)
		}
		cands = append(cands, p)
	}
	verdicts, err := ProveAll(cands, "../internal/generated/scratch-wrong")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range verdicts {
		if want := v.Bound == 600; v.Proven() != want {
			t.Errorf("%s: proven %v, want %v (%d of %d objects agree: %v)", v.Tag, v.Proven(), want, v.Agreed, v.Objects, v.Disagreements)
		}
	}
}

func kindGVKs() []schema.GroupVersionKind {
	var out []schema.GroupVersionKind
	for _, k := range Kinds {
		out = append(out, k.GVK)
	}
	return out
}
