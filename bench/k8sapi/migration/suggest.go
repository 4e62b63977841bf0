//go:build generated

package migration

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/suggest"
	"github.com/declval/validation-gen/test/k8sapi/harness"
	"github.com/declval/validation-gen/validationtest"
)

// Since is the release the suggested tags are written for, behind
// +k8s:alpha: the one after the Kubernetes these objects are checked
// against.
const Since = "1.38"

// Suggestion is a tag proposed for a kind of handwritten error of a kind
// of k8s.io/api, with its proof.
type Suggestion struct {
	Kind string
	suggest.Verdict
	// File and Line are where the field is declared in k8s.io/api (File
	// relative to the module: "storage/v1/types.go"); GoType and GoField
	// name it.
	File            string
	Line            int
	GoType, GoField string
	// EnumType is the field's type, where a +k8s:enum goes ("" for a
	// tag on the field).
	EnumType string
	// Support are the markers Kubernetes' lint asks for with the tag, on
	// the fields that lead to it ("PodSpec.Containers: +k8s:optional").
	Support []string
}

// Unproven is a kind of handwritten error no tag reports that gets no
// proven suggestion, and why.
type Unproven struct {
	Kind  string
	Error suggest.Kind
	Why   string
}

// sample is what inference and proof read of the requests: the create
// requests' objects, and for each uncovered kind of error the first
// object and error showing it.
type sample struct {
	object runtime.Object // versioned, as sent
	old    runtime.Object // on an update
	err    *field.Error
}

// Suggest infers tags for every kind of handwritten error of cs (the
// coverage of runs) that no declarative error matched, from the runs'
// creates, and proves them (ProveAll) in scratch, a directory inside the
// bench/k8sapi module (emptied first, removed after).
func Suggest(runs []KindRun, cs []*validationtest.Coverage, scratch string) ([]Suggestion, []Unproven, error) {
	byKind := map[string]*validationtest.Coverage{}
	for _, c := range cs {
		byKind[c.Kind] = c
	}
	// Inference probes the handwritten validation again and again: each
	// kind of error is a job, run in parallel, gathered in order.
	type job struct {
		run     KindRun
		sk      suggest.Kind
		s       sample
		creates []runtime.Object
		cands   []pending
		why     []string
	}
	var jobs []*job
	for _, kr := range runs {
		k := kr.Kind
		c := byKind[k.GVK.Kind]
		if c == nil {
			continue
		}
		uncovered := map[suggest.Kind]bool{}
		for _, row := range c.Rows() {
			if row.Matched == 0 {
				uncovered[suggest.Kind{Field: row.Field, Type: row.Type, HandwrittenOrigin: row.Origin}] = true
			}
		}
		samples, creates := kr.samples(func(sk suggest.Kind) bool { return uncovered[sk] })
		var kinds []suggest.Kind
		for sk := range uncovered {
			kinds = append(kinds, sk)
		}
		sort.Slice(kinds, func(i, j int) bool {
			return kinds[i].Field+string(kinds[i].Type)+kinds[i].HandwrittenOrigin < kinds[j].Field+string(kinds[j].Type)+kinds[j].HandwrittenOrigin
		})
		for _, sk := range kinds {
			if s, ok := samples[sk]; ok { // not: seen only on updates
				jobs = append(jobs, &job{run: kr, sk: sk, s: s, creates: creates})
			}
		}
	}
	_ = parallel(len(jobs), func(i int) error {
		j := jobs[i]
		var probe suggest.Probe
		if j.s.old == nil {
			probe = j.run.Kind.probe(j.s.object, j.sk)
		}
		inferred, why := suggest.Infer(j.sk, []*field.Error{j.s.err}, probe)
		if len(inferred) == 0 {
			j.why = append(j.why, why)
			return nil
		}
		for _, cand := range inferred {
			p, why := j.run.locate(cand, j.s, j.creates)
			if why != "" {
				j.why = append(j.why, cand.Tag+": "+why)
				continue
			}
			j.cands = append(j.cands, p)
		}
		return nil
	})
	var cands []pending
	var unproven []Unproven
	for _, j := range jobs {
		cands = append(cands, j.cands...)
		for _, why := range j.why {
			unproven = append(unproven, Unproven{j.run.Kind.GVK.Kind, j.sk, why})
		}
	}
	verdicts, err := ProveAll(cands, scratch)
	if err != nil {
		return nil, nil, err
	}
	var out []Suggestion
	for i, p := range cands {
		v := verdicts[i]
		if !v.Proven() {
			why := fmt.Sprintf("%s: refuted on %d of %d objects", v.Tag, v.Objects-v.Agreed, v.Objects)
			if v.Objects == 0 && len(v.Disagreements) > 0 {
				why = v.Tag + ": " + v.Disagreements[0]
			} else if v.Agreed == v.Objects {
				why = fmt.Sprintf("%s: no object of the proof broke the rule (%d objects)", v.Tag, v.Objects)
			} else if len(v.Disagreements) > 0 {
				why += " (" + v.Disagreements[0] + ")"
			}
			unproven = append(unproven, Unproven{p.kind.GVK.Kind, v.Kind, why})
			continue
		}
		s := Suggestion{Kind: p.kind.GVK.Kind, Verdict: v, File: path.Join(strings.TrimPrefix(p.PkgPath, "k8s.io/api/"), p.File),
			Line: p.Line, GoType: p.GoType, GoField: p.GoField, Support: p.Support}
		if p.EnumType != nil {
			s.EnumType = p.EnumType.Name()
		}
		out = append(out, s)
	}
	return out, unproven, nil
}

// samples are the first object and error of each kind of handwritten
// error keep admits, among the run's creates and then, for what only
// updates show (immutability), its updates of the resource itself; and
// every object created.
func (kr KindRun) samples(keep func(suggest.Kind) bool) (map[suggest.Kind]sample, []runtime.Object) {
	out := map[suggest.Kind]sample{}
	var creates []runtime.Object
	for _, updates := range []bool{false, true} {
		for i, req := range kr.Requests {
			if (req.Old != nil) != updates || req.Subresource != "" {
				continue
			}
			if !updates {
				creates = append(creates, req.Object)
			}
			for _, h := range kr.Results[i].Handwritten {
				sk := suggest.Kind{Field: validationtest.FoldPath(h.Field), Type: h.Type, HandwrittenOrigin: h.Origin}
				if _, seen := out[sk]; keep(sk) && !seen {
					out[sk] = sample{req.Object, req.Old, h}
				}
			}
		}
	}
	return out, creates
}

// probe runs the handwritten validation of a create of obj with another
// value at a path.
func (k Kind) probe(obj runtime.Object, sk suggest.Kind) suggest.Probe {
	return func(p string, value any) (bool, bool) {
		o := obj.DeepCopyObject()
		if err := suggest.Put(o, p, value); err != nil {
			return false, false
		}
		r, err := k.Run(Request{Name: "probe", Object: o, HandwrittenOnly: true})
		if err != nil {
			return false, false
		}
		return slices.ContainsFunc(r.Handwritten, func(e *field.Error) bool {
			return e.Type == sk.Type && e.Origin == sk.HandwrittenOrigin && e.Field == p
		}), true
	}
}

// pending is a candidate placed on its field, with the requests of its
// proof: the kind's creates and variants of them around the bound; for
// +k8s:immutable, the kind's updates and fixtures updated to a copy with
// the field changed.
type pending struct {
	*suggest.Placement
	kind     Kind
	requests []Request
}

// locate places a candidate and gathers the objects of its proof, from
// the run's requests. The proof copies the kind's own package, so a field
// declared in another package is not proven here.
func (kr KindRun) locate(c suggest.Candidate, s sample, creates []runtime.Object) (pending, string) {
	pl, err := suggest.Place(c, reflect.TypeOf(s.object))
	if err != nil {
		return pending{}, err.Error()
	}
	if kindPkg := reflect.TypeOf(s.object).Elem().PkgPath(); pl.PkgPath != kindPkg {
		return pending{}, fmt.Sprintf("declared in %s (%s.%s); the proof copies only the kind's package %s", pl.PkgPath, pl.GoType, pl.GoField, kindPkg)
	}
	p := pending{Placement: pl, kind: kr.Kind}
	fixtures := creates[:min(len(creates), 5)]
	if c.Tag == "+k8s:immutable" {
		for _, req := range kr.Requests {
			if req.Old != nil && req.Subresource == "" {
				p.requests = append(p.requests, req)
			}
		}
		for _, f := range fixtures {
			o := f.DeepCopyObject()
			if suggest.PutAll(o, pl.PkgPath, pl.GoType, pl.GoField, suggest.Changed{}) > 0 {
				p.requests = append(p.requests, Request{Object: o, Old: f})
			}
		}
		return p, ""
	}
	for _, o := range creates {
		p.requests = append(p.requests, Request{Object: o})
	}
	// Around the bound (or, for +k8s:required, unset): at the sample's
	// path, and at every place of the fixtures where the field is, for a
	// tag on a field holds wherever its type is used.
	for _, v := range suggest.Variants(c) {
		o := s.object.DeepCopyObject()
		if suggest.Put(o, s.err.Field, v) == nil {
			p.requests = append(p.requests, Request{Object: o})
		}
		for _, f := range fixtures {
			o := f.DeepCopyObject()
			if suggest.PutAll(o, pl.PkgPath, pl.GoType, pl.GoField, v) > 0 {
				p.requests = append(p.requests, Request{Object: o})
			}
		}
	}
	return p, ""
}

// ProveAll proves candidates: rounds of scratch generation, each a
// harness of k8s.io/api (test/k8sapi/harness) whose packages holding the
// round's fields are copies with the candidates' tags added behind
// +k8s:alpha, each copy read by an extra harness package; validation-gen
// generates the lot; a program validates each candidate's objects with
// the copy's validator; the errors of the candidate's kind and origin
// are compared, object by object, with the handwritten ones. Candidates
// that put different tags of one origin on one field go to different
// rounds. A candidate the generator refuses is dropped from its round,
// with the generator's message, and the round generated again.
func ProveAll(cands []pending, scratch string) ([]suggest.Verdict, error) {
	verdicts := make([]suggest.Verdict, len(cands))
	for i, c := range cands {
		verdicts[i].Candidate = c.Candidate
	}
	remaining := make([]int, len(cands))
	for i := range cands {
		remaining[i] = i
	}
	// The candidates of a kind share most of their requests (its creates).
	runs := map[runKey]Result{}
	for len(remaining) > 0 {
		var round, later []int
		for _, i := range remaining {
			clash := slices.ContainsFunc(round, func(j int) bool {
				return cands[i].Clashes(cands[j].Placement)
			})
			if clash {
				later = append(later, i)
			} else {
				round = append(round, i)
			}
		}
		for len(round) > 0 {
			refused, err := proveRound(cands, round, verdicts, scratch, runs)
			if err != nil {
				return nil, err
			}
			if len(refused) == 0 {
				break
			}
			round = slices.DeleteFunc(round, func(i int) bool { return refused[i] })
		}
		remaining = later
	}
	return verdicts, nil
}

// runKey is a request of a proof, by its objects.
type runKey struct {
	kind        schema.GroupVersionKind
	object, old runtime.Object
}

// proveRound generates and runs one round. When the generator refuses
// some candidates' tags, it records why in their verdicts and returns
// them, without running. runs are the requests run so far.
func proveRound(all []pending, round []int, verdicts []suggest.Verdict, scratch string, runs map[runKey]Result) (map[int]bool, error) {
	mod, err := moduleDir()
	if err != nil {
		return nil, err
	}
	if scratch, err = filepath.Abs(scratch); err != nil {
		return nil, err
	}
	if err := os.RemoveAll(scratch); err != nil {
		return nil, err
	}
	if os.Getenv("VG_KEEP_SCRATCH") == "" {
		defer os.RemoveAll(scratch)
	}
	rel, err := filepath.Rel(mod, scratch)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("scratch %s is not inside the module %s", scratch, mod)
	}
	importBase := "github.com/declval/validation-gen/bench/k8sapi/" + filepath.ToSlash(rel)
	pkgs, err := harness.Generated(mod)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*harness.Package{}
	for _, p := range pkgs {
		byPath[p.Path] = p
		if err := harness.WritePackage(filepath.Join(scratch, "ours", p.Wrapper), p, harness.Mode{Custom: harness.KubernetesCustom}); err != nil {
			return nil, err
		}
	}
	// The copies, with the tags, and the harness packages reading them.
	tags := map[string][]*suggest.Placement{} // package path -> its placements
	var placements []*suggest.Placement
	for _, i := range round {
		tags[all[i].PkgPath] = append(tags[all[i].PkgPath], all[i].Placement)
		placements = append(placements, all[i].Placement)
	}
	var copies []string
	for pkgPath := range tags {
		copies = append(copies, pkgPath)
	}
	sort.Strings(copies)
	var copyDirs []string // as the generator names them
	for _, pkgPath := range copies {
		p := byPath[pkgPath]
		if p == nil {
			return nil, fmt.Errorf("%s is not a harness package", pkgPath)
		}
		copyRel := filepath.ToSlash(filepath.Join(rel, "input", p.Wrapper))
		copyDirs = append(copyDirs, copyRel)
		if err := suggest.CopyWithTags(p.Dir, filepath.Join(mod, copyRel), copyRel, Since, tags[pkgPath]); err != nil {
			return nil, err
		}
		copyPkg := &harness.Package{Path: importBase + "/input/" + p.Wrapper, Wrapper: p.Wrapper}
		if err := harness.WritePackage(filepath.Join(scratch, "ours", p.Wrapper+"x"), copyPkg, harness.Mode{Custom: harness.KubernetesCustom}); err != nil {
			return nil, err
		}
	}
	cmd := append([]string{"go", "tool", "github.com/declval/validation-gen/cmd/validation-gen"},
		harness.OursArgs("zz_generated.validations.go", "./"+filepath.ToSlash(rel)+"/ours/...")...)
	refusedTags, err := suggest.Generate(mod, cmd, copyDirs, placements)
	if err != nil {
		return nil, err
	}
	if len(refusedTags) > 0 {
		refused := map[int]bool{}
		for _, i := range round {
			if why, ok := refusedTags[all[i].Placement]; ok {
				refused[i] = true
				verdicts[i].Disagreements = []string{why}
			}
		}
		return refused, nil
	}

	// The program, and what it validates.
	var items []suggest.Item
	type expected struct {
		cand        int
		name        string
		handwritten []string
	}
	var want []expected
	var imports, cases strings.Builder
	programs := map[string]bool{}
	// Run the requests not run yet, in parallel.
	var todo []runKey
	queued := map[runKey]bool{}
	for _, i := range round {
		for _, req := range all[i].requests {
			key := runKey{all[i].kind.GVK, req.Object, req.Old}
			if _, ok := runs[key]; !ok && !queued[key] {
				queued[key] = true
				todo = append(todo, key)
			}
		}
	}
	kinds := map[schema.GroupVersionKind]Kind{}
	for _, i := range round {
		kinds[all[i].kind.GVK] = all[i].kind
	}
	results := make([]Result, len(todo))
	err = parallel(len(todo), func(j int) (err error) {
		results[j], err = kinds[todo[j].kind].Run(Request{Name: "proof", Object: todo[j].object, Old: todo[j].old, HandwrittenOnly: true})
		return err
	})
	if err != nil {
		return nil, err
	}
	for j, key := range todo {
		runs[key] = results[j]
	}
	for _, i := range round {
		c := all[i]
		w := byPath[c.PkgPath].Wrapper
		validator := c.PkgPath + "." + c.kind.GVK.Kind
		if !programs[w] {
			programs[w] = true
			fmt.Fprintf(&imports, "\tin%s %q\n\tw%s %q\n\tapi%s %q\n\tbase%s %q\n", w, importBase+"/input/"+w, w, importBase+"/ours/"+w+"x", w, c.PkgPath, w, importBase+"/ours/"+w)
		}
		if !programs[validator] {
			programs[validator] = true
			cases.WriteString(suggest.Case(validator, "w"+w, "base"+w, c.kind.GVK.Kind, "in"+w, "api"+w))
		}
		for j, req := range c.requests {
			r := runs[runKey{c.kind.GVK, req.Object, req.Old}]
			b, err := json.Marshal(r.Versioned)
			if err != nil {
				continue // a mutation no client could send (an IntOrString of no type)
			}
			var ob []byte
			if req.Old != nil {
				if ob, err = json.Marshal(r.OldVersioned); err != nil {
					continue
				}
			}
			var handwritten []suggest.Result
			for _, h := range r.Handwritten {
				handwritten = append(handwritten, suggest.Result{Type: string(h.Type), Field: h.Field, Origin: h.Origin})
			}
			items = append(items, suggest.Item{Validator: validator, Options: r.Options, Object: b, Old: ob})
			want = append(want, expected{i, fmt.Sprintf("object %d", j), c.Placement.Handwritten(handwritten)})
		}
	}
	if err := suggest.WriteProgram(filepath.Join(scratch, "proof"), imports.String(), cases.String()); err != nil {
		return nil, err
	}
	got, err := suggest.RunProgram(mod, "./"+filepath.ToSlash(rel)+"/proof", items)
	if err != nil {
		return nil, err
	}
	for k, w := range want {
		c := all[w.cand]
		verdicts[w.cand].Agrees(w.name, w.handwritten, c.Added(got[k][0], got[k][1]))
	}
	return nil, nil
}

var moduleDir = func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// writeSuggestions writes the report's section on suggestions: the
// proven ones as a patch to k8s.io/api, one hunk per field (the kinds
// that proved it listed), then what was refuted or not inferred, and why.
func writeSuggestions(b *strings.Builder, proven []Suggestion, unproven []Unproven) {
	b.WriteString("\n## Proven tag suggestions\n\n")
	b.WriteString(`For each kind of handwritten error no tag reports, package suggest proposes the tag that would
report it (a Required error: +k8s:required; a number: the bounds of the range the handwritten
check accepts, found by running it again with other values; a length or a count: the limit in the
error, checked the same way; "field is immutable": +k8s:immutable; an Unsupported value:
+k8s:enum on the field's string type, from the values the error lists), then proves it: k8s.io/api's
package is copied with the tag added behind ` + "`+k8s:alpha`" + `, validation-gen generates it, and on every
create of the kind's objects and on copies of them with the field set around the bound (or unset;
for an enum: to each supported value, to another one and empty)
wherever its type is used (for +k8s:immutable: on the kind's updates, and on updates of the
fixtures that change the field), the errors the tag adds must be exactly the handwritten errors of
that field (for an enum: of every field of its type). Only suggestions that agree
on every object are listed. The handwritten error must then carry the tag's origin and be marked
covered (` + "`.WithOrigin(...).MarkCoveredByDeclarative()`" + `) for the API server to match the two.

`)
	type hunk struct {
		s     Suggestion
		kinds []string
	}
	hunks := map[string]*hunk{}
	var keys []string
	for _, s := range proven {
		key := fmt.Sprintf("%s:%06d %s", s.File, s.Line, s.Tag)
		h := hunks[key]
		if h == nil {
			h = &hunk{s: s}
			hunks[key] = h
			keys = append(keys, key)
		}
		h.kinds = append(h.kinds, fmt.Sprintf("- %s, `%s`: %d objects", s.Kind, s.Field, s.Objects))
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		b.WriteString("None proven.\n")
	}
	for _, key := range keys {
		h := hunks[key]
		s := h.s
		target, indent := fmt.Sprintf("`%s.%s`", s.GoType, s.GoField), "\t"
		if s.EnumType != "" {
			target, indent = fmt.Sprintf("`%s` (the type of `%s.%s`)", s.EnumType, s.GoType, s.GoField), ""
		}
		fmt.Fprintf(b, "%s, for the handwritten %s error, proven on\n\n%s\n\n```diff\n--- k8s.io/api/%s:%d\n+%s%s\n```\n",
			target, s.Type, strings.Join(h.kinds, "\n"), s.File, s.Line, indent, s.Candidate.Line(Since))
		if len(s.Support) > 0 {
			support := slices.Compact(slices.Sorted(slices.Values(s.Support)))
			fmt.Fprintf(b, "\nKubernetes' lint then asks the fields on the way to say whether they may be unset: %s.\n", "`"+strings.Join(support, "`, `")+"`")
		}
		if s.Origin != "" {
			fmt.Fprintf(b, "\nThe handwritten error: `.WithOrigin(%q).MarkCoveredByDeclarative()`.\n", s.Origin)
		} else {
			b.WriteString("\nThe handwritten error: `.MarkCoveredByDeclarative()`.\n")
		}
		b.WriteString("\n")
	}

	b.WriteString("### Refuted or not proven\n\n| kind | field | error | why |\n|---|---|---|---|\n")
	reasons := map[string]int{}
	for _, u := range unproven {
		if strings.HasPrefix(u.Why, "+k8s:") {
			why := u.Why
			if len(why) > 240 {
				why = why[:240] + "…"
			}
			fmt.Fprintf(b, "| %s | `%s` | %s | %s |\n", u.Kind, u.Error.Field, u.Error.Type, strings.ReplaceAll(why, "|", `\|`))
			continue
		}
		reasons[u.Why]++
	}
	b.WriteString("\n### Not inferred\n\n| kinds of handwritten error | why |\n|---:|---|\n")
	for _, why := range slices.Sorted(maps.Keys(reasons)) {
		fmt.Fprintf(b, "| %d | %s |\n", reasons[why], why)
	}
}
