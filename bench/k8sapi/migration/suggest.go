//go:build generated

package migration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
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
	var cands []pending
	var unproven []Unproven
	for _, kr := range runs {
		k := kr.Kind
		c := byKind[k.GVK.Kind]
		if c == nil {
			continue
		}
		uncovered := map[suggest.Kind]bool{}
		for _, row := range c.Rows() {
			if row.Matched == 0 {
				uncovered[suggest.Kind{Field: row.Field, Type: row.Type}] = true
			}
		}
		// The first object and error of each uncovered kind of error,
		// among the creates.
		samples := map[suggest.Kind]sample{}
		var creates []runtime.Object
		for i, req := range kr.Requests {
			if req.Old != nil {
				continue
			}
			creates = append(creates, req.Object)
			for _, h := range kr.Results[i].Handwritten {
				sk := suggest.Kind{Field: validationtest.FoldPath(h.Field), Type: h.Type}
				if _, seen := samples[sk]; uncovered[sk] && !seen {
					samples[sk] = sample{req.Object, h}
				}
			}
		}
		var kinds []suggest.Kind
		for sk := range uncovered {
			kinds = append(kinds, sk)
		}
		sort.Slice(kinds, func(i, j int) bool {
			return kinds[i].Field+string(kinds[i].Type) < kinds[j].Field+string(kinds[j].Type)
		})
		for _, sk := range kinds {
			s, ok := samples[sk]
			if !ok {
				continue // seen only on updates
			}
			inferred, why := suggest.Infer(sk, []*field.Error{s.err}, k.probe(s.object, sk.Type))
			if len(inferred) == 0 {
				unproven = append(unproven, Unproven{k.GVK.Kind, sk, why})
				continue
			}
			for _, cand := range inferred {
				p, why := k.locate(cand, s, creates)
				if why != "" {
					unproven = append(unproven, Unproven{k.GVK.Kind, sk, cand.Tag + ": " + why})
					continue
				}
				cands = append(cands, p)
			}
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
			} else if len(v.Disagreements) > 0 {
				why += " (" + v.Disagreements[0] + ")"
			}
			unproven = append(unproven, Unproven{p.kind.GVK.Kind, v.Kind, why})
			continue
		}
		out = append(out, Suggestion{Kind: p.kind.GVK.Kind, Verdict: v, File: p.file, Line: p.line, GoType: p.goType, GoField: p.goField, Support: p.support})
	}
	return out, unproven, nil
}

// probe runs the handwritten validation of a create of obj with another
// value at a path.
func (k Kind) probe(obj runtime.Object, t field.ErrorType) suggest.Probe {
	return func(p string, value any) (bool, bool) {
		o := obj.DeepCopyObject()
		if err := put(o, p, value); err != nil {
			return false, false
		}
		r, err := k.Run(Request{Name: "probe", Object: o})
		if err != nil {
			return false, false
		}
		return len(errorsAt(r.Handwritten, t, "", p, false)) > 0, true
	}
}

// errorsAt are the concrete paths of errs of Type t at path p (folded when
// folded is set), of origin origin unless it is "*".
func errorsAt(errs field.ErrorList, t field.ErrorType, origin, p string, folded bool) []string {
	var out []string
	for _, e := range errs {
		at := e.Field
		if folded {
			at = validationtest.FoldPath(at)
		}
		if e.Type == t && at == p && (origin == "*" || e.Origin == origin) {
			out = append(out, e.Field)
		}
	}
	return out
}

// pending is a candidate with what its proof needs: the objects to
// validate (the kind's creates, and variants of the sample around the
// bound), where the field is declared.
type pending struct {
	suggest.Candidate
	kind            Kind
	objects         []runtime.Object
	pkgPath, pkgDir string
	goType, goField string
	versionedType   reflect.Type
	file            string
	line            int
	// copyAt is where the tag line is in the scratch copy
	// ("input/corev1/types.go:2517"): the generator's messages name it.
	copyAt string
	// support are the markers Kubernetes' lint then asks for on the way
	// to the field ("VolumeSource.RBD: +k8s:optional"): a field whose
	// type gains validation must say whether it may be unset.
	support []string
}

// locate finds the Go field a candidate's tag goes on and the objects of
// its proof. The proof copies the kind's own package, so a field declared
// in another package is not proven here.
func (k Kind) locate(c suggest.Candidate, s sample, creates []runtime.Object) (pending, string) {
	p := pending{Candidate: c, kind: k}
	st, goField, err := owner(reflect.TypeOf(s.object), c.Field)
	if err != nil {
		return p, err.Error()
	}
	kindPkg := reflect.TypeOf(s.object).Elem().PkgPath()
	if st.PkgPath() != kindPkg {
		return p, fmt.Sprintf("declared in %s (%s.%s); the proof copies only the kind's package %s", st.PkgPath(), st.Name(), goField, kindPkg)
	}
	if f, _ := st.FieldByName(goField); c.Tag == "+k8s:required" && f.Type.Kind() == reflect.Struct {
		return p, "a non-pointer struct field (" + f.Type.String() + "): +k8s:required does not fit it"
	}
	p.pkgPath, p.goType, p.goField, p.versionedType = kindPkg, st.Name(), goField, reflect.TypeOf(s.object)
	p.objects = append(p.objects, creates...)
	// Around the bound (or, for +k8s:required, unset): at the sample's
	// path, and at every place of every object where the field is, for
	// a tag on a field holds wherever its type is used.
	for _, v := range variants(c) {
		o := s.object.DeepCopyObject()
		if put(o, s.err.Field, v) == nil {
			p.objects = append(p.objects, o)
		}
		for _, obj := range creates[:min(len(creates), 5)] {
			o := obj.DeepCopyObject()
			if putAll(o, p.pkgPath, p.goType, p.goField, v) > 0 {
				p.objects = append(p.objects, o)
			}
		}
	}
	return p, ""
}

// variants are the values a proof tries at the sample's path: both sides
// of the bound, and the extremes.
func variants(c suggest.Candidate) []any {
	b := c.Bound
	switch c.Origin {
	case "minimum", "maximum":
		return []any{b - 2, b - 1, b, b + 1, b + 2, int64(0), int64(-1 << 31), int64(1<<31 - 1)}
	case "maxLength":
		var out []any
		for _, n := range []int64{0, 1, b - 1, b, b + 1, 2*b + 1} {
			if n >= 0 {
				out = append(out, strings.Repeat("a", int(n)))
			}
		}
		return out
	case "":
		if c.Tag == "+k8s:required" {
			return []any{nil}
		}
	case "maxItems":
		var out []any
		for _, n := range []int64{0, 1, b - 1, b, b + 1} {
			if n >= 0 {
				out = append(out, suggest.ListOfLen(n))
			}
		}
		return out
	}
	return nil
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
	for len(remaining) > 0 {
		var round, later []int
		for _, i := range remaining {
			clash := slices.ContainsFunc(round, func(j int) bool {
				a, b := cands[i], cands[j]
				return a.pkgPath == b.pkgPath && a.goType == b.goType && a.goField == b.goField && a.Origin == b.Origin && a.Tag != b.Tag
			})
			if clash {
				later = append(later, i)
			} else {
				round = append(round, i)
			}
		}
		for len(round) > 0 {
			refused, err := proveRound(cands, round, verdicts, scratch)
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

// proveRound generates and runs one round. When the generator refuses
// some candidates' tags, it records why in their verdicts and returns
// them, without running.
func proveRound(all []pending, round []int, verdicts []suggest.Verdict, scratch string) (map[int]bool, error) {
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
		if err := harness.WritePackage(filepath.Join(scratch, "ours", p.Wrapper), p); err != nil {
			return nil, err
		}
	}
	// The copies, with the tags, and the harness packages reading them.
	tags := map[string][]*pending{} // package path -> its candidates
	for _, i := range round {
		tags[all[i].pkgPath] = append(tags[all[i].pkgPath], &all[i])
	}
	var copies []string
	for pkgPath := range tags {
		copies = append(copies, pkgPath)
	}
	sort.Strings(copies)
	for _, pkgPath := range copies {
		p := byPath[pkgPath]
		if p == nil {
			return nil, fmt.Errorf("%s is not a harness package", pkgPath)
		}
		if err := copyWithTags(p.Dir, filepath.Join(scratch, "input", p.Wrapper), tags[pkgPath]); err != nil {
			return nil, err
		}
		copyPkg := &harness.Package{Path: importBase + "/input/" + p.Wrapper, Wrapper: p.Wrapper}
		if err := harness.WritePackage(filepath.Join(scratch, "ours", p.Wrapper+"x"), copyPkg); err != nil {
			return nil, err
		}
	}
	for attempt := 0; ; attempt++ {
		gen := exec.Command("go", append([]string{"tool", "github.com/declval/validation-gen/cmd/validation-gen"},
			harness.OursArgs("zz_generated.validations.go", "./"+filepath.ToSlash(rel)+"/ours/...")...)...)
		gen.Dir = mod
		out, err := gen.CombinedOutput()
		if err == nil {
			break
		}
		if fixed, ferr := lintFixes(scratch, string(out), all, round); ferr != nil {
			return nil, ferr
		} else if fixed && attempt < 20 {
			continue
		}
		refused := map[int]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			for _, i := range round {
				if at := all[i].copyAt; at != "" && strings.Contains(line, at+":") {
					refused[i] = true
					msg := line[strings.Index(line, at+":")+len(at)+1:]
					verdicts[i].Disagreements = []string{"validation-gen refuses the tag:" + msg}
				}
			}
		}
		if len(refused) == 0 {
			return nil, fmt.Errorf("validation-gen on the scratch copy: %v\n%s", err, out)
		}
		return refused, nil
	}

	// The program, and what it validates.
	type item struct {
		Validator string          `json:"validator"`
		Options   map[string]bool `json:"options,omitempty"`
		Object    json.RawMessage `json:"object"`
	}
	var items []item
	type expected struct {
		cand        int
		name        string
		handwritten []string
	}
	var want []expected
	validators := map[string]string{} // validator -> package path
	for _, i := range round {
		c := all[i]
		validator := c.pkgPath + "." + c.kind.GVK.Kind
		validators[validator] = c.pkgPath
		for j, o := range c.objects {
			r, err := c.kind.Run(Request{Name: "proof", Object: o})
			if err != nil {
				return nil, err
			}
			b, err := json.Marshal(r.Versioned)
			if err != nil {
				continue // a mutation no client could send (an IntOrString of no type)
			}
			items = append(items, item{validator, r.Options, b})
			var handwritten []string
			for _, h := range r.Handwritten {
				if h.Type == c.Type && c.declares(h.Field) {
					handwritten = append(handwritten, h.Field)
				}
			}
			want = append(want, expected{i, fmt.Sprintf("object %d", j), handwritten})
		}
	}
	if err := writeProofProgram(filepath.Join(scratch, "proof"), importBase, byPath, validators); err != nil {
		return nil, err
	}
	in, err := json.Marshal(items)
	if err != nil {
		return nil, err
	}
	run := exec.Command("go", "run", "./"+filepath.ToSlash(rel)+"/proof")
	run.Dir, run.Stdin = mod, bytes.NewReader(in)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		return nil, fmt.Errorf("the proof program: %v\n%s", err, stderr.String())
	}
	type result struct{ Type, Field, Origin, Level string }
	var got [][2][]result
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(items) {
		return nil, fmt.Errorf("the proof program's output: %v (%d results for %d objects)", err, len(got), len(items))
	}
	for k, w := range want {
		c := all[w.cand]
		// What the tags added: the errors with them, less those without.
		base := map[result]int{}
		for _, e := range got[k][0] {
			base[e]++
		}
		var added []string
		for _, e := range got[k][1] {
			if base[e] > 0 {
				base[e]--
				continue
			}
			if field.ErrorType(e.Type) == c.Type && e.Origin == c.Origin && c.declares(e.Field) {
				added = append(added, e.Field)
			}
		}
		verdicts[w.cand].Agrees(w.name, w.handwritten, added)
	}
	return nil, nil
}

// declares reports whether the field at path (of the kind's versioned
// type) is the candidate's Go field, wherever its type is used.
func (c *pending) declares(path string) bool {
	st, goField, err := owner(c.versionedType, validationtest.FoldPath(path))
	return err == nil && st.PkgPath() == c.pkgPath && st.Name() == c.goType && goField == c.goField
}

var moduleDir = func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// copyWithTags copies a package's Go files (tests left out) into dir,
// adding each candidate's tag line above its field, and records where
// the field is declared.
func copyWithTags(src, dir string, cands []*pending) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	placed := map[*pending]bool{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, b, parser.ParseComments)
		if err != nil {
			return err
		}
		inserts := map[int][]*pending{} // line -> candidates whose tags go above it
		drop := map[int]bool{}          // lines to leave out: +optional above a required field
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return false
			}
			for _, fl := range st.Fields.List {
				for _, id := range fl.Names {
					for _, c := range cands {
						if ts.Name.Name == c.goType && id.Name == c.goField {
							line := fset.Position(fl.Pos()).Line
							if fl.Doc != nil {
								line = fset.Position(fl.Doc.Pos()).Line
								if c.Tag == "+k8s:required" {
									for _, cm := range fl.Doc.List {
										if strings.TrimSpace(cm.Text) == "// +optional" {
											drop[fset.Position(cm.Pos()).Line] = true
										}
									}
								}
							}
							if !slices.ContainsFunc(inserts[line], func(o *pending) bool { return o.Tag == c.Tag }) {
								inserts[line] = append(inserts[line], c)
							}
							c.file, c.line, placed[c] = path.Join(strings.TrimPrefix(c.pkgPath, "k8s.io/api/"), name), fset.Position(fl.Pos()).Line, true
						}
					}
				}
			}
			return false
		})
		lines := strings.Split(string(b), "\n")
		var out []string
		for i, l := range lines {
			// The tags go first in the field's comment: a tag line
			// inside its text would end the doc's paragraph.
			for _, c := range inserts[i+1] {
				indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
				out = append(out, indent+c.Line(Since))
				at := fmt.Sprintf("input/%s/%s:%d", filepath.Base(dir), name, len(out))
				for _, o := range cands {
					if o.Tag == c.Tag && o.goType == c.goType && o.goField == c.goField {
						o.copyAt = at
					}
				}
			}
			if !drop[i+1] {
				out = append(out, l)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(out, "\n")), 0o644); err != nil {
			return err
		}
	}
	for _, c := range cands {
		if !placed[c] {
			return fmt.Errorf("%s.%s not found in %s", c.goType, c.goField, src)
		}
	}
	return nil
}

// writeProofProgram writes the program that validates the proof's
// objects: it reads [{validator, options, object}] on stdin and writes,
// for each, the errors of the copy's Validate_<Kind> on create.
func writeProofProgram(dir, importBase string, byPath map[string]*harness.Package, validators map[string]string) error {
	var names []string
	for v := range validators {
		names = append(names, v)
	}
	sort.Strings(names)
	var imports, cases strings.Builder
	seen := map[string]bool{}
	for _, v := range names {
		pkgPath := validators[v]
		w := byPath[pkgPath].Wrapper
		if !seen[w] {
			seen[w] = true
			fmt.Fprintf(&imports, "\tin%s %q\n\tw%s %q\n", w, importBase+"/input/"+w, w, importBase+"/ours/"+w+"x")
		}
		kind := v[strings.LastIndexByte(v, '.')+1:]
		if !seen["base "+w] {
			seen["base "+w] = true
			fmt.Fprintf(&imports, "\tapi%s %q\n\tbase%s %q\n", w, pkgPath, w, importBase+"/ours/"+w)
		}
		fmt.Fprintf(&cases, "\t\tcase %q:\n\t\t\to, b := new(in%s.%s), new(api%s.%s)\n\t\t\tdecode(it.Object, o)\n\t\t\tdecode(it.Object, b)\n"+
			"\t\t\terrs = w%s.Validate_%s(ctx, op, nil, o, nil)\n\t\t\tbase = base%s.Validate_%s(ctx, op, nil, b, nil)\n", v, w, kind, w, kind, w, kind, w, kind)
	}
	src := fmt.Sprintf(`// Code written by bench/k8sapi/migration's proof of tag suggestions. DO NOT EDIT.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

%s)

type item struct {
	Validator string          `+"`json:\"validator\"`"+`
	Options   map[string]bool `+"`json:\"options\"`"+`
	Object    json.RawMessage `+"`json:\"object\"`"+`
}

type result struct {
	Type, Field, Origin, Level string
}

func results(errs field.ErrorList) []result {
	out := []result{}
	for _, e := range errs {
		level := "stable"
		if e.IsAlpha() {
			level = "alpha"
		} else if e.IsBeta() {
			level = "beta"
		}
		out = append(out, result{string(e.Type), e.Field, e.Origin, level})
	}
	return out
}

func decode(b []byte, o any) {
	if err := json.Unmarshal(b, o); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func main() {
	var items []item
	decode(must(os.ReadFile("/dev/stdin")), &items)
	// For each object: the errors without the tags, then with them.
	out := make([][2][]result, len(items))
	ctx := context.Background()
	for i, it := range items {
		op := operation.Operation{Type: operation.Create, Options: it.Options}
		var errs, base field.ErrorList
		switch it.Validator {
%s		default:
			fmt.Fprintln(os.Stderr, "no validator", it.Validator)
			os.Exit(1)
		}
		out[i] = [2][]result{results(base), results(errs)}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return b
}
`, imports.String(), cases.String())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
}

// lintMsg is Kubernetes' lint, through validation-gen, asking a field of
// a scratch copy to say whether it may be unset.
var lintMsg = regexp.MustCompile(`(input/[^/]+/[^:]+\.go):(\d+): .*?field (\w+)\.(\w+) has validation .* but says neither \+k8s:optional`)

// lintFixes answers the lint's requests in the scratch copies: a
// +k8s:optional (+k8s:required where openapi's +required says so) above
// each field it names, recorded as support of the round's candidates the
// field leads to. It reports whether it changed anything.
func lintFixes(scratch, out string, all []pending, round []int) (bool, error) {
	type fix struct {
		line            int
		goType, goField string
	}
	byFile := map[string][]fix{}
	for _, m := range lintMsg.FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[2])
		f := fix{n, m[3], m[4]}
		if !slices.Contains(byFile[m[1]], f) {
			byFile[m[1]] = append(byFile[m[1]], f)
		}
	}
	for file, fixes := range byFile {
		b, err := os.ReadFile(filepath.Join(scratch, file))
		if err != nil {
			return false, err
		}
		lines := strings.Split(string(b), "\n")
		// Bottom up, so that the line numbers above stay right.
		sort.Slice(fixes, func(i, j int) bool { return fixes[i].line > fixes[j].line })
		for _, f := range fixes {
			if f.line < 1 || f.line > len(lines) {
				return false, fmt.Errorf("%s:%d: no such line", file, f.line)
			}
			marker := "+k8s:optional"
			for i := f.line - 1; i >= 0 && strings.HasPrefix(strings.TrimSpace(lines[i]), "//"); i-- {
				if strings.TrimSpace(lines[i]) == "// +required" {
					marker = "+k8s:required"
				}
			}
			l := lines[f.line-1]
			indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			lines = slices.Insert(lines, f.line-1, indent+"// "+marker)
			for _, i := range round {
				c := &all[i]
				if c.leadsTo(f.goType, f.goField) {
					c.support = append(c.support, f.goType+"."+f.goField+": "+marker)
				}
				// The lines below moved down by one.
				if at, ok := strings.CutPrefix(c.copyAt, file+":"); ok {
					if n, _ := strconv.Atoi(at); n >= f.line {
						c.copyAt = fmt.Sprintf("%s:%d", file, n+1)
					}
				}
			}
		}
		if err := os.WriteFile(filepath.Join(scratch, file), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			return false, err
		}
	}
	return len(byFile) > 0, nil
}

// leadsTo reports whether the field goType.goField of the candidate's
// package is the candidate's field or holds it, through its type.
func (c *pending) leadsTo(goType, goField string) bool {
	if goType == c.goType && goField == c.goField {
		return true
	}
	types := map[string]reflect.Type{}
	var collect func(t reflect.Type)
	collect = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != c.pkgPath || types[t.Name()] != nil {
			return
		}
		types[t.Name()] = t
		for i := 0; i < t.NumField(); i++ {
			collect(t.Field(i).Type)
		}
	}
	collect(c.versionedType)
	st := types[goType]
	if st == nil {
		return false
	}
	f, ok := st.FieldByName(goField)
	if !ok {
		return false
	}
	seen := map[reflect.Type]bool{}
	var reaches func(t reflect.Type) bool
	reaches = func(t reflect.Type) bool {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != c.pkgPath || seen[t] {
			return false
		}
		seen[t] = true
		if t.Name() == c.goType {
			return true
		}
		for i := 0; i < t.NumField(); i++ {
			if reaches(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return reaches(f.Type)
}

// writeSuggestions writes the report's section on suggestions: the
// proven ones as a patch to k8s.io/api, one hunk per field (the kinds
// that proved it listed), then what was refuted or not inferred, and why.
func writeSuggestions(b *strings.Builder, proven []Suggestion, unproven []Unproven) {
	b.WriteString("\n## Proven tag suggestions\n\n")
	b.WriteString(`For each kind of handwritten error no tag reports, package suggest proposes the tag that would
report it (a Required error: +k8s:required; a number: the bounds of the range the handwritten
check accepts, found by running it again with other values; a length or a count: the limit in the
error, checked the same way), then proves it: k8s.io/api's package is copied with the tag added
behind ` + "`+k8s:alpha`" + `, validation-gen generates it, and on every create of the kind's objects, and
on copies of them with the field set around the bound (or unset) wherever its type is used, the
errors the tag adds must be exactly the handwritten errors of that field. Only suggestions that agree
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
		h.kinds = append(h.kinds, fmt.Sprintf("%s (%d objects)", s.Kind, s.Objects))
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		b.WriteString("None proven.\n")
	}
	for _, key := range keys {
		h := hunks[key]
		s := h.s
		fmt.Fprintf(b, "`%s.%s`, proven on %s; the handwritten check of `%s` (%s):\n\n```diff\n--- k8s.io/api/%s:%d\n+\t%s\n```\n",
			s.GoType, s.GoField, strings.Join(h.kinds, ", "), s.Field, s.Type, s.File, s.Line, s.Candidate.Line(Since))
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
