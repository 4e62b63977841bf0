// Package difftest compares, on random objects of one kind, the Go
// validator the generator writes for the kind (Validate_<Kind>) with the
// API server validating the same objects against a CRD (the
// crdpipeline package: kube-apiextensions-apiserver's decoding, pruning,
// defaulting, schema validation, list-type checks and CEL rules, on
// create and on update).
//
// TestDifferentialGoVersusAPIServer (test/kubebuilder) writes a test into
// each API package of a kubebuilder project it copies into a temporary
// module; that test calls Run once a kind, with the project's committed
// CRD. Run works on any kind with a CRD, so this package's own test runs
// it on an example of this repository.
//
// One check, on create: a random object of the kind (sigs.k8s.io/randfill,
// seeded, then its scalars redrawn from pools the kind's schema biases:
// enum values, values at and beyond its bounds, strings its patterns
// take) is marshaled to JSON; the server decodes it (pruning, defaulting),
// prepares it for create (drops status when the status subresource is on)
// and validates it; the Go validator is given the object the server
// validated (decoded with encoding/json into the Go type), as an admission
// webhook is given it after the server's defaulting. On update, the same
// with the new object as the server has it after PrepareForUpdate and the
// old one as the server stored it: B over A for two random objects, and A
// over itself (nothing changed).
//
// The bodies are as a Go client sends them (encoding/json's output of a
// value of the Go type): a Go value cannot tell every absent field from
// its zero value.
//
// The two error lists must be equal as multisets of (type, field path),
// the server's error that says it skipped its CEL rules after a blocking
// error included (see Kind.BlockedSubset). Errors under metadata are not
// compared (the Go validators leave object metadata to the server). The
// server's paths are first written as field.Path writes them: its schema
// validator spells a map key ".key", Go and CEL "[key]".
//
// A disagreement is described on its objects shrunk (shrink.go), with both
// sides' errors; the failure lists the disagreeing errors by operation,
// side, type and path.
package difftest

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/test/crdpipeline"
)

const (
	// ObjectsEnv overrides the number of random objects of each kind.
	ObjectsEnv = "KUBEBUILDER_OBJECTS"
	// SeedEnv, when set, is mixed into every kind's seed (to explore
	// other objects; the default runs are deterministic).
	SeedEnv = "KUBEBUILDER_SEED"
	// DefaultObjects is the number of random objects of each kind.
	DefaultObjects = 300
	// SummaryPrefix starts the line Run logs for each kind, which the
	// outer test picks out of the output.
	SummaryPrefix = "DIFFERENTIAL "
	// shown is the most disagreements described of each operation.
	shown = 5
)

// Validator is the signature of a generated Validate_<Kind>.
type Validator[T any] func(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj *T) field.ErrorList

// Kind is one kind under test.
type Kind[T any] struct {
	// Name names the kind in messages (its Kind).
	Name string
	// CRD is the file (YAML or JSON) of the CRD that serves the kind.
	CRD string
	// Version is the CRD's version the Go type is of; its schema is the
	// one validated against (as the storage version, which is the one
	// crdpipeline builds).
	Version string
	// Validate is the generated validator.
	Validate Validator[T]
	// Objects is the number of random objects; 0 takes ObjectsEnv, or
	// DefaultObjects.
	Objects int
	// BlockedSubset relaxes the comparison for validators that run all
	// their checks where the server, after a "blocking" schema error,
	// skips its CEL rules and says so (crdpipeline.BlockingMarker): the
	// +k8s: dialect's (test/crd). When the server gave the marker, it is
	// not compared, and Go may report more than the server. By default
	// the marker is compared as any other error: a validator that is to
	// agree with the server skips what the server skips, and says so.
	BlockedSubset bool
}

// Report is what a run found.
type Report struct {
	Kind    string
	Objects int
	// WithErrors counts the objects the server rejects on create.
	WithErrors int
	// ServerKinds and GoKinds count the distinct errors each side gave
	// on create: type and path with list indexes and map keys as [*].
	ServerKinds, GoKinds int
	// Updates counts the update checks: each object over the one before
	// and over itself.
	Updates int
	// Create and Update count the checks whose error lists differ.
	Create, Update int
	// Undecodable counts the bodies the server could not decode (a
	// random body the generator should not have made; not compared).
	Undecodable int
	// GoDecode counts the objects the server decoded that encoding/json
	// could not decode into the Go type: a failure of the comparison.
	GoDecode int
	// Shown describes disagreements, the first of each first difference
	// (side, type, path), at most 5 of each operation, and the first
	// failures of GoDecode.
	Shown []string
	// Categories counts the disagreeing errors by operation, side, type
	// and path with indexes abstracted.
	Categories map[string]int
	Elapsed    time.Duration
}

// Failed tells whether the run found a difference.
func (r *Report) Failed() bool { return r.Create+r.Update+r.GoDecode > 0 }

// Summary is one line of counts.
func (r *Report) Summary() string {
	return fmt.Sprintf("%s: objects=%d with-errors=%d error-kinds(server/go)=%d/%d updates=%d disagreements(create/update)=%d/%d undecodable=%d go-decode-failures=%d (%s)",
		r.Kind, r.Objects, r.WithErrors, r.ServerKinds, r.GoKinds, r.Updates, r.Create, r.Update, r.Undecodable, r.GoDecode, r.Elapsed.Round(time.Millisecond))
}

// Run runs Check, logs its summary (a line starting with SummaryPrefix)
// and fails the test on any disagreement, with the counts of the
// disagreeing errors and the disagreements Report.Shown describes.
func Run[T any](t *testing.T, k Kind[T]) {
	t.Helper()
	r := Check(t, k)
	t.Log(SummaryPrefix + r.Summary())
	if r.Objects == 0 {
		t.Fatalf("%s: no object compared: the server decoded none of the %d random bodies", k.Name, r.Undecodable)
	}
	if !r.Failed() {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: the Go validator and the API server disagree: %d of %d creates, %d of %d updates", k.Name, r.Create, r.Objects, r.Update, r.Updates)
	if r.GoDecode > 0 {
		fmt.Fprintf(&b, "; %d objects the server decoded do not decode into the Go type", r.GoDecode)
	}
	b.WriteString("\ndisagreeing errors by operation, side, type and path (count):\n")
	cats := slices.Collect(maps.Keys(r.Categories))
	slices.SortFunc(cats, func(a, b string) int {
		if c := r.Categories[b] - r.Categories[a]; c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for i, c := range cats {
		if i == 20 {
			fmt.Fprintf(&b, "  ... %d more\n", len(cats)-i)
			break
		}
		fmt.Fprintf(&b, "  %5d  %s\n", r.Categories[c], c)
	}
	for _, s := range r.Shown {
		b.WriteString("\n" + s)
	}
	t.Error(b.String())
}

// Check validates random objects of the kind on both sides and reports
// what it found.
func Check[T any](t testing.TB, k Kind[T]) *Report {
	t.Helper()
	start := time.Now()
	crd, err := LoadCRD(k.CRD, k.Version)
	if err != nil {
		t.Fatal(err)
	}
	pipe, err := crdpipeline.New(crd)
	if err != nil {
		t.Fatalf("%s: the API server's pipeline of %s version %s: %v", k.Name, crd.Name, k.Version, err)
	}
	n := k.Objects
	if n == 0 {
		n = DefaultObjects
		if s := os.Getenv(ObjectsEnv); s != "" {
			if n, err = strconv.Atoi(s); err != nil || n < 1 {
				t.Fatalf("%s=%q: want a positive number", ObjectsEnv, s)
			}
		}
	}
	seed := int64(hash(crd.Name + "/" + k.Version))
	if s := os.Getenv(SeedEnv); s != "" {
		seed ^= int64(hash(s))
	}
	d := &run[T]{
		k: k, pipe: pipe, gen: newGenerator(seed, pipe.Schema),
		rep:         &Report{Kind: k.Name, Categories: map[string]int{}},
		serverKinds: map[string]bool{}, goKinds: map[string]bool{}, shown: map[string]int{}, shownFirst: map[string]bool{},
		apiVersion: crd.Spec.Group + "/" + k.Version, kind: crd.Spec.Names.Kind,
	}
	var prev []byte
	for i := range n {
		body, err := d.body(i)
		if err != nil {
			t.Fatalf("%s: random object %d: %v", k.Name, i, err)
		}
		if !d.create(body) {
			continue
		}
		if prev != nil {
			d.update(body, prev)
		}
		d.update(body, body)
		prev = body
	}
	d.rep.ServerKinds, d.rep.GoKinds = len(d.serverKinds), len(d.goKinds)
	d.rep.Elapsed = time.Since(start)
	return d.rep
}

// LoadCRD reads the CRD of a file and returns it with version as its
// storage version (the one crdpipeline.New builds), served.
func LoadCRD(file, version string) (*apiextv1.CustomResourceDefinition, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(b, crd); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	found := false
	for i := range crd.Spec.Versions {
		v := &crd.Spec.Versions[i]
		v.Storage = v.Name == version
		if v.Storage {
			v.Served = true
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: CRD %s has no version %s", file, crd.Name, version)
	}
	return crd, nil
}

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

type run[T any] struct {
	k                Kind[T]
	pipe             *crdpipeline.Pipeline
	gen              *generator
	rep              *Report
	serverKinds      map[string]bool
	goKinds          map[string]bool
	apiVersion, kind string
	// shown counts the disagreements described, by operation; shownFirst
	// is the first difference of each (one is described for each).
	shown      map[string]int
	shownFirst map[string]bool
}

// body is the JSON of random object i, with its apiVersion, kind and
// metadata.
func (d *run[T]) body(i int) ([]byte, error) {
	obj := new(T)
	if err := d.gen.fill(obj, i); err != nil {
		return nil, err
	}
	return d.marshal(obj)
}

// canonical is a body as a Go client sends it: decoded into the Go type
// and marshaled. The bodies compared are all such, since a Go value
// cannot tell every absent field from its zero value (a struct that is
// not a pointer is always written).
func (d *run[T]) canonical(body []byte) ([]byte, error) {
	obj := new(T)
	if err := json.Unmarshal(body, obj); err != nil {
		return nil, err
	}
	return d.marshal(obj)
}

// marshal is the JSON of obj with the kind's apiVersion and kind, and
// metadata of a name (and namespace) only.
func (d *run[T]) marshal(obj *T) ([]byte, error) {
	b, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("json.Marshal: %w", err)
	}
	// What the Go value says, as the Go validator reads it: the JSON
	// that decodes to a value which encodes to the same JSON. A struct
	// tagged omitzero whose fields all encode to nothing (an empty map
	// inside) is {} once and absent after a round trip; the webhook
	// receives it decoded, a zero struct (docs/crd-design.md).
	for range 3 {
		again := new(T)
		if err := json.Unmarshal(b, again); err != nil {
			return nil, err
		}
		c, err := json.Marshal(again)
		if err != nil {
			return nil, err
		}
		if string(c) == string(b) {
			break
		}
		b = c
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	m["apiVersion"], m["kind"] = d.apiVersion, d.kind
	meta := map[string]any{"name": "x"}
	if d.pipe.Namespaced {
		meta["namespace"] = "ns"
	}
	m["metadata"] = meta
	return json.Marshal(m)
}

// decode is the object the server validates for a body: decoded (pruned,
// defaulted) and, when old is nil, prepared for create; otherwise for an
// update of old. ok is false when the server cannot decode the body.
func (d *run[T]) decode(body []byte, old *unstructured.Unstructured) (*unstructured.Unstructured, bool) {
	u, _, err := d.pipe.Decode(body)
	if err != nil {
		return nil, false
	}
	// customresource's strategy, PrepareForCreate and PrepareForUpdate:
	// the main resource cannot set status when the status subresource is
	// on (the generation they set is metadata, which is not compared).
	if d.pipe.Status {
		if old == nil {
			delete(u.Object, "status")
		} else if st, ok := old.Object["status"]; ok {
			u.Object["status"] = st
		} else {
			delete(u.Object, "status")
		}
	}
	return u, true
}

// goObject decodes the object the server validates into the Go type.
func (d *run[T]) goObject(u *unstructured.Unstructured) (*T, error) {
	b, err := json.Marshal(u.Object)
	if err != nil {
		return nil, err
	}
	obj := new(T)
	if err := json.Unmarshal(b, obj); err != nil {
		return nil, err
	}
	return obj, nil
}

// outcome is one check: a body validated on both sides.
type outcome struct {
	// undecodable: the server could not decode a body.
	undecodable bool
	// goDecode is the error of decoding the server's object into the Go
	// type.
	goDecode error
	// obj and old are the objects as the server validates them.
	obj, old                     *unstructured.Unstructured
	srv, goErrs, srvOnly, goOnly field.ErrorList
}

func (o *outcome) differs() bool { return len(o.srvOnly)+len(o.goOnly) > 0 }

// first is the first difference: its side, error type and path with
// indexes as [*].
func (o *outcome) first() string {
	if len(o.srvOnly) > 0 {
		return "server only " + kindOf(o.srvOnly[0])
	}
	if len(o.goOnly) > 0 {
		return "Go only " + kindOf(o.goOnly[0])
	}
	return ""
}

// check validates body on create (oldBody nil) or as an update of
// oldBody, which the server stored (decoded and prepared for create).
func (d *run[T]) check(body, oldBody []byte) *outcome {
	o := &outcome{}
	var ok bool
	if oldBody != nil {
		if o.old, ok = d.decode(oldBody, nil); !ok {
			o.undecodable = true
			return o
		}
	}
	if o.obj, ok = d.decode(body, o.old); !ok {
		o.undecodable = true
		return o
	}
	ctx := context.Background()
	var raw field.ErrorList
	if o.old == nil {
		raw = d.pipe.ValidateDecoded(ctx, o.obj, nil)
	} else {
		raw = d.pipe.ValidateDecoded(ctx, o.obj, o.old)
	}
	o.srv = d.serverErrors(o.obj, raw)
	obj, err := d.goObject(o.obj)
	if err != nil {
		o.goDecode = err
		return o
	}
	op := operation.Operation{Type: operation.Create}
	var oldObj *T
	if o.old != nil {
		op.Type = operation.Update
		if oldObj, err = d.goObject(o.old); err != nil {
			o.goDecode = err
			return o
		}
	}
	o.goErrs = d.compared(d.k.Validate(ctx, op, nil, obj, oldObj))
	o.srvOnly, o.goOnly = d.diff(o.srv, o.goErrs, blocked(raw))
	return o
}

// create checks a body on create; it returns false when it could not be
// compared.
func (d *run[T]) create(body []byte) bool {
	o := d.check(body, nil)
	switch {
	case o.undecodable:
		d.rep.Undecodable++
		return false
	case o.goDecode != nil:
		d.goDecodeFailure(body, o.goDecode)
		return false
	}
	d.rep.Objects++
	if len(o.srv) > 0 {
		d.rep.WithErrors++
	}
	for _, e := range o.srv {
		d.serverKinds[kindOf(e)] = true
	}
	for _, e := range o.goErrs {
		d.goKinds[kindOf(e)] = true
	}
	if o.differs() {
		d.rep.Create++
		d.categorize("create", o.srvOnly, o.goOnly)
		if d.show("create", o) {
			d.rep.Shown = append(d.rep.Shown, d.describe("create", body, nil, o))
		}
	}
	return true
}

// update checks body as an update of oldBody.
func (d *run[T]) update(body, oldBody []byte) {
	o := d.check(body, oldBody)
	switch {
	case o.undecodable:
		return
	case o.goDecode != nil:
		d.goDecodeFailure(body, o.goDecode)
		return
	}
	d.rep.Updates++
	if o.differs() {
		d.rep.Update++
		op := "update"
		if string(body) == string(oldBody) {
			op = "update (unchanged)"
		}
		d.categorize("update", o.srvOnly, o.goOnly)
		if d.show("update", o) {
			d.rep.Shown = append(d.rep.Shown, d.describe(op, body, oldBody, o))
		}
	}
}

// show tells whether to describe a disagreement: the first of each first
// difference, up to shown for each operation.
func (d *run[T]) show(op string, o *outcome) bool {
	k := op + " " + o.first()
	if d.shown[op] >= shown || d.shownFirst[k] {
		return false
	}
	d.shown[op]++
	d.shownFirst[k] = true
	return true
}

func (d *run[T]) goDecodeFailure(body []byte, err error) {
	d.rep.GoDecode++
	if d.rep.GoDecode <= shown {
		d.rep.Shown = append(d.rep.Shown, fmt.Sprintf("the object the server validated does not decode into the Go type: %v\nobject: %s", err, truncate(string(body), maxShownJSON)))
	}
}

func (d *run[T]) categorize(op string, srvOnly, goOnly field.ErrorList) {
	for _, e := range srvOnly {
		d.rep.Categories[op+": server only: "+kindOf(e)]++
	}
	for _, e := range goOnly {
		d.rep.Categories[op+": Go only: "+kindOf(e)]++
	}
}

// serverErrors are the server's errors that are compared, with their
// paths written as field.Path writes them.
func (d *run[T]) serverErrors(u *unstructured.Unstructured, errs field.ErrorList) field.ErrorList {
	out := make(field.ErrorList, 0, len(errs))
	for _, e := range errs {
		c := *e
		c.Field = FieldPath(d.pipe.Schema, u.Object, e.Field)
		out = append(out, &c)
	}
	return d.compared(out)
}

// compared drops the errors that are not compared: those under metadata,
// and the blocking marker under BlockedSubset.
func (d *run[T]) compared(errs field.ErrorList) field.ErrorList {
	var out field.ErrorList
	for _, e := range errs {
		if e.Field == "metadata" || strings.HasPrefix(e.Field, "metadata.") || strings.HasPrefix(e.Field, "metadata[") {
			continue
		}
		if d.k.BlockedSubset && crdpipeline.IsBlockingMarker(e) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// key is what is compared of an error.
func key(e *field.Error) string { return string(e.Type) + " " + e.Field }

var indexRE = regexp.MustCompile(`\[[^\]]*\]`)

// kindOf is an error's type and path with list indexes and map keys as
// [*].
func kindOf(e *field.Error) string {
	return string(e.Type) + " " + indexRE.ReplaceAllString(e.Field, "[*]")
}

func blocked(errs field.ErrorList) bool {
	return slices.ContainsFunc(errs, crdpipeline.IsBlockingMarker)
}

// diff compares two error lists as multisets of (type, field); under
// BlockedSubset, when the server was blocked, Go's extra errors are not
// differences.
func (d *run[T]) diff(srv, goErrs field.ErrorList, blocked bool) (srvOnly, goOnly field.ErrorList) {
	count := map[string]int{}
	for _, e := range goErrs {
		count[key(e)]++
	}
	for _, e := range srv {
		if count[key(e)] > 0 {
			count[key(e)]--
			continue
		}
		srvOnly = append(srvOnly, e)
	}
	count = map[string]int{}
	for _, e := range srv {
		count[key(e)]++
	}
	if d.k.BlockedSubset && blocked {
		return srvOnly, nil
	}
	for _, e := range goErrs {
		if count[key(e)] > 0 {
			count[key(e)]--
			continue
		}
		goOnly = append(goOnly, e)
	}
	return srvOnly, goOnly
}

// maxShownJSON bounds the JSON of an object in a failure message.
const maxShownJSON = 6000

// describe is a disagreement, for a failure message: the bodies shrunk
// (shrink) to what still shows its first difference, and both sides'
// errors on them.
func (d *run[T]) describe(op string, body, oldBody []byte, o *outcome) string {
	sb, so, so2 := d.shrink(body, oldBody, o)
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s: server only %d, Go only %d", op, len(o.srvOnly), len(o.goOnly))
	if len(sb) < len(body) || len(so) < len(oldBody) {
		fmt.Fprintf(&b, " (the objects shrunk to what still shows the first difference, %s)", so2.first)
		o = so2.outcome
	}
	b.WriteString("\n")
	j, _ := json.Marshal(o.obj.Object)
	fmt.Fprintf(&b, "object (as the server validates it): %s\n", truncate(string(j), maxShownJSON))
	if o.old != nil {
		j, _ := json.Marshal(o.old.Object)
		fmt.Fprintf(&b, "old object: %s\n", truncate(string(j), maxShownJSON))
	}
	list := func(name string, errs field.ErrorList) {
		fmt.Fprintf(&b, "%s (%d):\n", name, len(errs))
		for _, e := range errs {
			fmt.Fprintf(&b, "  %s %s: %s\n", e.Type, e.Field, truncate(e.ErrorBody(), 300))
		}
	}
	list("server errors", o.srv)
	list("Go errors", o.goErrs)
	list("server only", o.srvOnly)
	list("Go only", o.goOnly)
	return b.String()
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// FieldPath writes a path of a server error as field.Path writes it: the
// schema validator writes a map key as ".key" (keys may hold dots, so the
// object tells where a key ends), Go and the server's CEL errors
// "[key]"; the scale subresource's checks start theirs with a dot.
func FieldPath(s *structuralschema.Structural, obj any, p string) string {
	if p == "<nil>" || p == "" {
		return p
	}
	rest := p
	if !strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "[") {
		rest = "." + rest
	}
	var out strings.Builder
	v := obj
	for rest != "" {
		isMap := s != nil && s.AdditionalProperties != nil && len(s.Properties) == 0
		var next *structuralschema.Structural
		if s != nil && isMap && s.AdditionalProperties.Structural != nil {
			next = s.AdditionalProperties.Structural
		}
		switch {
		case rest[0] == '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				out.WriteString(rest)
				return out.String()
			}
			tok := rest[1:end]
			rest = rest[end+1:]
			out.WriteString("[" + tok + "]")
			switch x := v.(type) {
			case []any:
				v = nil
				if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(x) {
					v = x[i]
				}
				next = nil
				if s != nil {
					next = s.Items
				}
			case map[string]any:
				v = x[tok]
			default:
				v = nil
				if s != nil && s.Items != nil {
					next = s.Items
				}
			}
			s = next
		case rest[0] == '.' && isMap:
			rest = rest[1:]
			m, _ := v.(map[string]any)
			k := ""
			for key := range m {
				if len(key) > len(k) && strings.HasPrefix(rest, key) && (len(rest) == len(key) || rest[len(key)] == '.' || rest[len(key)] == '[') {
					k = key
				}
			}
			if k == "" {
				if i := strings.IndexAny(rest, ".["); i >= 0 {
					k = rest[:i]
				} else {
					k = rest
				}
			}
			rest = rest[len(k):]
			out.WriteString("[" + k + "]")
			v = m[k]
			s = next
		case rest[0] == '.':
			rest = rest[1:]
			name := rest
			if i := strings.IndexAny(rest, ".["); i >= 0 {
				name = rest[:i]
			}
			rest = rest[len(name):]
			if out.Len() > 0 {
				out.WriteByte('.')
			}
			out.WriteString(name)
			m, _ := v.(map[string]any)
			v = m[name]
			if s != nil {
				if c, ok := s.Properties[name]; ok {
					s = &c
				} else {
					s = nil
				}
			}
		default:
			out.WriteString(rest)
			return out.String()
		}
	}
	return out.String()
}
