package crd

// The differential test: the Go validator generated from the +k8s: tags of a
// kind and the API server validating custom resources against the CRD
// generated from the same tags must give the same verdict, with the same
// error field paths, on the same request body, on create and on update.
//
// Each input is a JSON body (see random_test.go). The Go side decodes it
// with encoding/json into the Go type (absent -> zero value) and calls
// Validate_<Kind>; the server side runs it through the custom resource
// request pipeline of k8s.io/apiextensions-apiserver v0.37 (server_test.go:
// int64 decoding, pruning, nulls of non-nullable fields dropped,
// defaulting, then the exported strategy's PrepareFor*/Validate* with the
// schema validator, ratcheting on update, list-type checks and CEL with
// the runtime cost budget). See docs/crd-pipeline.md.
//
// Comparison: both accept or both reject, and the sets of error field
// paths are equal. Server paths are first written as field.Path writes
// them (a map key as "[key]", not the schema validator's ".key"; the scale
// subresource's ".spec.replicas" without its leading dot). Four allowances
// remain, each forced by the server's design:
//   - When the server found a "blocking" schema error (NotSupported,
//     Required, TooLong, TooMany, TypeInvalid) it skips all CEL rules and
//     says so with a root-path Invalid error ("some validation rules were
//     not checked"); then the server's paths need only be a subset of Go's.
//   - maxItems stops Go's other checks of a list (as Kubernetes' own
//     validators do); the server checks the items anyway: its errors below
//     a list Go reports TooMany for are not compared. So do immutable and
//     update, for the value they are on (on an item, by eachVal, for the
//     whole list, as Kubernetes' eachVal of a short-circuiting tag, which
//     is why an item's TooMany stops the outer list's checks too). And update=NoAddItem or
//     NoRemoveItem reports at an item or a map key in Go, at the list or
//     map on the server (a rule on the list).
//   - With three or more items sharing a value (set) or key (list-map), Go
//     reports each repeat and the server only the first. And an
//     item(k: v) rule checks, in Go, the first item with that key; the
//     server checks each: its errors below a duplicate are not compared.
//   - The server's ratcheting finds a list-map with duplicate keys equal
//     to an old list of the same length whose items with those keys are
//     equal, and lets its maxItems through; it does report the duplicate.
//   - The server finds a list-map whose items only changed order equal to
//     the old one and ratchets its checks; Go's ratcheting sees a change.
//     (The one allowance that changes a verdict: Go rejects such an update
//     of a list-map that already broke its rules; docs/crd-design.md.)
//   - An item of a list that is a nil list or map in Go is null in JSON;
//     the server tells null from empty, Go's ratcheting does not: a list
//     that only changed so is checked again by the server.
//   - A type's CEL rules (+k8s:rule) run again on the server when its
//     JSON changed, Go's when its value did: a nil list or map without
//     omitempty (null, which the server drops) and an empty one ([], {})
//     are one Go value. On the kinds compared on a Go client's JSON,
//     server errors that go away when the body spells its empty lists and
//     maps as the old body does are not compared.
//   - +k8s:unique on an atomic list is a rule on the list in the CRD: the
//     server's Duplicate at the list stands for Go's at the later items.
//   - eachVal rules of a list-set are one rule on the list in the CRD (the
//     server cannot ratchet a set's items one by one): the server's error
//     at the list stands for Go's errors at its items.
//
// Old bodies on update are ones the server could have stored (storable):
// they may break any rule that ratchets, but not what the server checks on
// every write without ratcheting it per field.
//
// Adding a kind is one entry in the kinds table.

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	auditv1 "github.com/declval/validation-gen/examples/apis/audit/v1"
	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	jobsv1 "github.com/declval/validation-gen/examples/apis/jobs/v1"
	kubebuilderv1 "github.com/declval/validation-gen/examples/apis/kubebuilder/v1"
	probev1 "github.com/declval/validation-gen/examples/apis/probe/v1"
	reviewv1 "github.com/declval/validation-gen/examples/apis/review/v1"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
	"github.com/declval/validation-gen/generators"
)

// kindCase is one kind (with one setting of its options) under test.
type kindCase struct {
	name    string
	pattern string          // the package pattern to generate from
	crdFile string          // the CRD file the generator writes for the kind
	options map[string]bool // op.Options of the Go validator; the enabled ones are --crd-options
	goType  reflect.Type
	// objects: random objects for this entry when DIFFERENTIAL_OBJECTS is
	// not set; 0 for the default.
	objects int
	// canonical: bodies are sent as encoding/json writes the Go value they
	// decode to. A CEL rule written by the API author sees the JSON sent,
	// in which absent and zero differ (has()); the Go validator sees the
	// Go value, as a Go client would send it. Kinds with such rules are
	// compared on what a Go client sends.
	canonical bool
	// defaulted: the API has +default fields, written into the CRD; the
	// Go validator is given the object as the server defaulted it, as an
	// admission webhook is given it (docs/crd-design.md).
	defaulted bool
	// stability is the --crd-stability of the CRD ("" is beta, the
	// default): with "alpha", alpha rules are in the CRD and compared.
	stability string
	// validate decodes body (and oldBody, nil on create) with encoding/json
	// into the Go type and runs its generated validator.
	validate func(ctx context.Context, op operation.Operation, body, oldBody []byte) (field.ErrorList, error)
}

func kindOf[T any](name, pattern, crdFile string, options map[string]bool,
	validate func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList) kindCase {
	return kindCase{
		name: name, pattern: pattern, crdFile: crdFile, options: options, goType: reflect.TypeFor[T](),
		validate: func(ctx context.Context, op operation.Operation, body, oldBody []byte) (field.ErrorList, error) {
			obj := new(T)
			if err := json.Unmarshal(body, obj); err != nil {
				return nil, err
			}
			var old *T
			if oldBody != nil {
				old = new(T)
				if err := json.Unmarshal(oldBody, old); err != nil {
					return nil, err
				}
			}
			return validate(ctx, op, nil, obj, old), nil
		},
	}
}

const (
	probePattern  = "./examples/apis/probe/..."
	reviewPattern = "./examples/apis/review/..."
	auditPattern  = "./examples/apis/audit/..."
	jobsPattern   = "./examples/apis/jobs/..."
)

var kinds = []kindCase{
	kindOf("CronTab", "./examples/apis/stable/...", "stable.example.com_crontabs.yaml", nil, stablev1.Validate_CronTab),
	kindOf("Gadget", "./examples/apis/gadgets/...", "gadgets.example.com_gadgets.yaml",
		map[string]bool{"GadgetStrict": false}, gadgetsv1.Validate_Gadget),
	kindOf("Gadget/GadgetStrict", "./examples/apis/gadgets/...", "gadgets.example.com_gadgets.yaml",
		map[string]bool{"GadgetStrict": true}, gadgetsv1.Validate_Gadget),
	kindOf("Rig", "./examples/apis/gadgets/...", "gadgets.example.com_rigs.yaml", nil, gadgetsv1.Validate_Rig),
	kindOf("Fleet", "./examples/apis/gadgets/...", "gadgets.example.com_fleets.yaml", nil, gadgetsv1.Validate_Fleet),
	canonicalBodies(kindOf("Scaler", "./examples/apis/gadgets/...", "gadgets.example.com_scalers.yaml", nil, gadgetsv1.Validate_Scaler)),
	// APIs the generator was not written for (examples/apis/probe/v1),
	// shaped like a Deployment, a Service and an authorization policy.
	kindOf("Rollout", probePattern, "probe.example.com_rollouts.yaml", map[string]bool{"ProbeStrict": false}, probev1.Validate_Rollout),
	kindOf("Rollout/ProbeStrict", probePattern, "probe.example.com_rollouts.yaml", map[string]bool{"ProbeStrict": true}, probev1.Validate_Rollout),
	kindOf("Endpoint", probePattern, "probe.example.com_endpoints.yaml", map[string]bool{"ProbeStrict": false}, probev1.Validate_Endpoint),
	kindOf("Endpoint/ProbeStrict", probePattern, "probe.example.com_endpoints.yaml", map[string]bool{"ProbeStrict": true}, probev1.Validate_Endpoint),
	kindOf("AccessPolicy", probePattern, "probe.example.com_accesspolicies.yaml", map[string]bool{"ProbeStrict": false}, probev1.Validate_AccessPolicy),
	kindOf("AccessPolicy/ProbeStrict", probePattern, "probe.example.com_accesspolicies.yaml", map[string]bool{"ProbeStrict": true}, probev1.Validate_AccessPolicy),
	// A second API the generator was not written for (examples/apis/review/v1),
	// shaped like a CronJob (with CEL rules), an Ingress with NetworkPolicy
	// rules, and a StatefulSet; fewer objects each, for the run time.
	withObjects(1200, canonicalBodies(kindOf("ScheduledJob", reviewPattern, "review.example.com_scheduledjobs.yaml", nil, reviewv1.Validate_ScheduledJob))),
	withObjects(1200, kindOf("RouteTable", reviewPattern, "review.example.com_routetables.yaml", map[string]bool{"ReviewStrict": false}, reviewv1.Validate_RouteTable)),
	withObjects(1200, kindOf("RouteTable/ReviewStrict", reviewPattern, "review.example.com_routetables.yaml", map[string]bool{"ReviewStrict": true}, reviewv1.Validate_RouteTable)),
	withObjects(1200, kindOf("Ensemble", reviewPattern, "review.example.com_ensembles.yaml", map[string]bool{"ReviewStrict": false}, reviewv1.Validate_Ensemble)),
	withObjects(1200, kindOf("Ensemble/ReviewStrict", reviewPattern, "review.example.com_ensembles.yaml", map[string]bool{"ReviewStrict": true}, reviewv1.Validate_Ensemble)),
	// A third (examples/apis/audit/v1), shaped like Gateway API's HTTPRoute,
	// a PodDisruptionBudget and cert-manager's Certificate: CEL rules on
	// apimachinery types (Time, Duration, IntOrString, Quantity), list-map
	// items, map values and unions. Their CEL rules are compared on what a
	// Go client sends.
	withObjects(1200, canonicalBodies(kindOf("HTTPRoute", auditPattern, "audit.example.com_httproutes.yaml", map[string]bool{"AuditStrict": false}, auditv1.Validate_HTTPRoute))),
	withObjects(1200, canonicalBodies(kindOf("HTTPRoute/AuditStrict", auditPattern, "audit.example.com_httproutes.yaml", map[string]bool{"AuditStrict": true}, auditv1.Validate_HTTPRoute))),
	withObjects(1200, canonicalBodies(kindOf("DisruptionBudget", auditPattern, "audit.example.com_disruptionbudgets.yaml", map[string]bool{"AuditStrict": false}, auditv1.Validate_DisruptionBudget))),
	withObjects(1200, canonicalBodies(kindOf("DisruptionBudget/AuditStrict", auditPattern, "audit.example.com_disruptionbudgets.yaml", map[string]bool{"AuditStrict": true}, auditv1.Validate_DisruptionBudget))),
	withObjects(1200, canonicalBodies(kindOf("Certificate", auditPattern, "audit.example.com_certificates.yaml", map[string]bool{"AuditStrict": false}, auditv1.Validate_Certificate))),
	withObjects(1200, canonicalBodies(kindOf("Certificate/AuditStrict", auditPattern, "audit.example.com_certificates.yaml", map[string]bool{"AuditStrict": true}, auditv1.Validate_Certificate))),
	// A fourth (examples/apis/jobs/v1), tagged as k8s.io/api tags batch/v1
	// Job and resource/v1 ResourceClaim: stability levels, dependent
	// fields, unique atomic lists, enum exclusions under an option, and
	// update rules on list-maps.
	withObjects(1500, defaulted(kindOf("BatchJob", jobsPattern, "jobs.example.com_batchjobs.yaml", map[string]bool{"JobsFailIndex": false}, jobsv1.Validate_BatchJob))),
	withObjects(1500, defaulted(kindOf("BatchJob/JobsFailIndex", jobsPattern, "jobs.example.com_batchjobs.yaml", map[string]bool{"JobsFailIndex": true}, jobsv1.Validate_BatchJob))),
	withObjects(1500, kindOf("DeviceClaim", jobsPattern, "jobs.example.com_deviceclaims.yaml", nil, jobsv1.Validate_DeviceClaim)),
	// The alpha rules (dependentRequired and dependentForbidden are alpha
	// in Kubernetes 1.37) in the CRD too: --crd-stability=alpha.
	withStability("alpha", withObjects(1500, defaulted(kindOf("BatchJob/alpha", jobsPattern, "jobs.example.com_batchjobs.yaml", map[string]bool{"JobsFailIndex": true}, jobsv1.Validate_BatchJob)))),
	// Modes (+k8s:ifMode): an enum, a bool and a nested string modality.
	withObjects(1200, kindOf("Issuer", auditPattern, "audit.example.com_issuers.yaml", nil, auditv1.Validate_Issuer)),
	// controller-gen's dialect (examples/apis/kubebuilder/v1): the CronTab
	// with controller-gen's markers, a pod template, a list-map of core/v1
	// EnvVars and metav1.Conditions. Its keywords hold for what the JSON
	// of the Go object holds, so bodies are what a Go client sends; the Go
	// validator gets the object the server defaulted.
	withObjects(1500, canonicalBodies(defaulted(kindOf("CronTab/kubebuilder", "./examples/apis/kubebuilder/...", "kubebuilder.example.com_crontabs.yaml", nil, kubebuilderv1.Validate_CronTab)))),
}

// objectsPerKind: random objects per table entry (4000, or the entry's
// own count). Each gives 3 or 4 validations. DIFFERENTIAL_OBJECTS
// overrides it for every entry (large runs are skipped under -short).
func objectsPerKind(t *testing.T, k kindCase) int {
	n := 4000
	if k.objects > 0 {
		n = k.objects
	}
	if s := os.Getenv("DIFFERENTIAL_OBJECTS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("DIFFERENTIAL_OBJECTS=%q", s)
		}
		if v > n && testing.Short() {
			t.Logf("-short: DIFFERENTIAL_OBJECTS=%d capped at %d", v, n)
		} else {
			n = v
		}
	}
	return n
}

const differentialSeed = 20260101

func TestDifferentialGoVersusAPIServer(t *testing.T) {
	crds := map[string]map[string]*apiextv1.CustomResourceDefinition{}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			n := objectsPerKind(t, k)
			key := k.pattern + " " + strings.Join(enabledOptions(k.options), ",") + " " + k.stability
			if crds[key] == nil {
				crds[key] = generateWithOptions(t, enabledOptions(k.options), k.stability, k.pattern)
			}
			crd := crds[key][k.crdFile]
			if crd == nil {
				t.Fatalf("the generator wrote no %s for %s", k.crdFile, k.pattern)
			}
			if errs := validateAsServer(t, crd); len(errs) > 0 {
				// The server would refuse to serve this CRD. The differential
				// still runs: it shows what the schema does once that is fixed.
				t.Errorf("%s is rejected by the API server (the differential below runs it anyway):\n  %s", k.crdFile, strings.Join(errs, "\n  "))
			}
			srv, err := newAPIServer(crd)
			if err != nil {
				t.Fatalf("building the server-side validator: %v", err)
			}
			d := newDifferential(t, k, crd, srv)
			d.run(n)
			d.report()
		})
	}
}

// defaulted gives the Go validator the bodies as the server defaults them.
func defaulted(k kindCase) kindCase {
	k.defaulted = true
	return k
}

// withStability generates the entry's CRD with --crd-stability=level.
func withStability(level string, k kindCase) kindCase {
	k.stability = level
	return k
}

// withObjects sets the number of random objects of an entry (to keep the
// package's run time in check).
func withObjects(n int, k kindCase) kindCase {
	k.objects = n
	return k
}

func canonicalBodies(k kindCase) kindCase {
	k.canonical = true
	return k
}

// canonical is body as the Go type's JSON encoding writes it, for kinds
// compared on canonical bodies; else body.
func (d *differential) canonical(body map[string]any) map[string]any {
	if !d.k.canonical {
		return body
	}
	b, _ := json.Marshal(body)
	v := reflect.New(d.k.goType)
	if err := json.Unmarshal(b, v.Interface()); err != nil {
		// Not a body a Go client can send (the minimizer makes such bodies
		// when it zeroes a duration or a quantity as a string): the Go side
		// fails to decode it, and check reports that as an error.
		return body
	}
	b, _ = json.Marshal(v.Interface())
	var out map[string]any
	if err := utiljson.Unmarshal(b, &out); err != nil {
		d.t.Fatal(err)
	}
	delete(out, "metadata") // withMeta sets it
	return out
}

// newDifferential is the comparison of kind k's Go validator with srv,
// the in-process server pipeline on the kind's CRD.
func newDifferential(t *testing.T, k kindCase, crd *apiextv1.CustomResourceDefinition, srv *apiServer) *differential {
	d := &differential{t: t, k: k, srv: srv, ctx: context.Background(), categories: map[string]*category{}, mapFields: mapFieldPaths(k.goType),
		schema: crd.Spec.Versions[0].Schema.OpenAPIV3Schema}
	listPaths(d.schema, "set", "", &d.setLists)
	listPaths(d.schema, "map", "", &d.mapLists)
	listPaths(d.schema, "unique", "", &d.uniqueLists)
	if sub := crd.Spec.Versions[0].Subresources; sub != nil {
		d.scale = sub.Scale
	}
	d.hintStrings, d.hintInts = hints(crd)
	return d
}

func enabledOptions(opts map[string]bool) []string {
	var out []string
	for o, on := range opts {
		if on {
			out = append(out, o)
		}
	}
	sort.Strings(out)
	return out
}

// generateWithOptions is generate with --crd-options. It also fails the
// test if a generated Go file differs from the committed one: the Go side
// of the comparison is the compiled, committed validator.
func generateWithOptions(t *testing.T, options []string, stability string, patterns ...string) map[string]*apiextv1.CustomResourceDefinition {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "config", "crd")
	outs, _, err := generators.Run(generators.Config{Dir: root, Patterns: patterns, OutputFile: "zz_generated.validations.go", CRDDir: dir, CRDOptions: options, CRDStability: stability, CELTests: true})
	if err != nil {
		t.Fatal(err)
	}
	crds := map[string]*apiextv1.CustomResourceDefinition{}
	for _, o := range outs {
		if !strings.HasPrefix(o.Path, dir) {
			if strings.HasSuffix(o.Path, ".go") {
				if disk, err := os.ReadFile(o.Path); err != nil || stripLicense(string(disk)) != stripLicense(string(o.Content)) {
					t.Errorf("%s is not what the generator writes now (run the generator): the Go validator compiled into this test is stale", o.Path)
				}
			}
			continue
		}
		crd := &apiextv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(o.Content, crd); err != nil {
			t.Fatalf("%s: %v\n%s", o.Path, err, o.Content)
		}
		crds[filepath.Base(o.Path)] = crd
	}
	return crds
}

// stripLicense drops the license header (a /* */ block, which the
// committed files have from --header and the in-memory run has not).
func stripLicense(src string) string {
	if i := strings.Index(src, "/*"); i >= 0 {
		if j := strings.Index(src[i:], "*/\n"); j >= 0 && !strings.Contains(src[:i], "package ") {
			return src[:i] + src[i+j+3:]
		}
	}
	return src
}

// testCase is one validation: a body, and an old body on update.
type testCase struct {
	op        operation.Type
	label     string // which kind of update
	body, old map[string]any
}

type outcome struct {
	goErrs, srvErrs field.ErrorList
	blocked         bool
	// respelled: server-only errors were let through because they go away
	// when the body spells its empty lists and maps as the old body (see
	// check); the verdicts may then differ.
	respelled bool
	// reordered: Go's errors at a list-map whose items only changed order
	// were let through (the server ratchets such a list; see check); the
	// verdicts may then differ.
	reordered bool
	// leftOutStop: Go reported a short-circuiting error of a level the CRD
	// leaves out (alpha), which stopped Go's other checks of the value
	// while the server, without the rule, ran them (docs/crd-design.md);
	// the verdicts may then differ.
	leftOutStop bool
	unknown     []string
	mismatches  []mismatch
	err         error
}

// mismatch is an error path reported by one side only (or, under the
// blocking allowance, a server path Go does not report).
type mismatch struct {
	side  string // "server-only" or "go-only"
	path  string
	types string // the error types at that path on that side
}

var (
	indexRE     = regexp.MustCompile(`\[[^\]]*\]`)
	listIndexRE = regexp.MustCompile(`^\[[0-9]+\]`)
)

// errorKind is an error's type, with the kube-openapi construct for errors
// on the root path (which name their field only in the detail).
func errorKind(e *field.Error) string {
	k := string(e.Type)
	if e.Field == "<nil>" {
		for _, c := range []string{"allOf", "anyOf", "oneOf", "not", "format"} {
			if strings.Contains(e.Detail, "("+c+")") || strings.Contains(e.Detail, "with "+c) {
				return k + "/" + c
			}
		}
		d := e.Detail
		if len(d) > 40 {
			d = d[:40]
		}
		return k + "/" + d
	}
	return k
}

// normalizePath abstracts list indexes and map keys: [0] and [key] become [*].
func normalizePath(p string) string {
	return indexRE.ReplaceAllString(p, "[*]")
}

// mapField is a map field of the Go type: its path (list indexes and map
// keys as patterns) and whether its values are scalars.
type mapField struct {
	path   *regexp.Regexp // matches the map's path followed by ".rest"
	scalar bool
	// fields are the JSON names of a struct value; list: the value is a
	// list. They tell where a key with dots ends.
	fields map[string]bool
	list   bool
}

// mapFieldPaths lists the map fields of a Go type.
func mapFieldPaths(t reflect.Type) []mapField {
	var out []mapField
	seen := map[reflect.Type]int{}
	var walk func(t reflect.Type, p string)
	walk = func(t reflect.Type, p string) {
		t = deref(t)
		if seen[t] > 2 {
			return
		}
		seen[t]++
		defer func() { seen[t]-- }()
		if wellKnown(t) != nil {
			return
		}
		switch t.Kind() {
		case reflect.Struct:
			for _, f := range jsonFields(t) {
				q := regexp.QuoteMeta(f.name)
				if p != "" {
					q = p + `\.` + q
				}
				walk(f.typ, q)
			}
		case reflect.Slice, reflect.Array:
			if !isBytes(t) {
				walk(t.Elem(), p+`\[[^\]]*\]`)
			}
		case reflect.Map:
			et := deref(t.Elem())
			elem := et.Kind()
			if wellKnown(et) != nil {
				elem = reflect.String // a scalar in JSON
			}
			mf := mapField{path: regexp.MustCompile("^(" + p + `)\.(.*)$`), list: elem == reflect.Slice && !isBytes(et)}
			mf.scalar = elem != reflect.Struct && elem != reflect.Map && !mf.list
			if elem == reflect.Struct {
				mf.fields = map[string]bool{}
				for _, f := range jsonFields(et) {
					mf.fields[f.name] = true
				}
			}
			out = append(out, mf)
			walk(t.Elem(), p+`\[[^\]]*\]`)
		}
	}
	walk(t, "")
	return out
}

// serverPath writes a server error path the way field.Path writes it. Two
// server spellings differ from Go's for the same field: the schema
// validator writes a map key as ".key" (Go and the server's own CEL errors
// write "[key]"), and the scale subresource's checks name their field by
// the JSONPath of the CRD, with a leading dot.
func (d *differential) serverPath(p string) string {
	p = strings.TrimPrefix(p, ".")
	for _, m := range d.mapFields {
		if sm := m.path.FindStringSubmatch(p); sm != nil {
			key, rest := sm[2], ""
			if !m.scalar {
				// The key ends where what follows is a field of the value
				// (a struct) or an index (a list); keys may hold dots.
				for i := 0; i < len(key); i++ {
					r := key[i:]
					if m.list && listIndexRE.MatchString(r) {
						key, rest = key[:i], r
						break
					}
					if r[0] == '.' {
						name := r[1:]
						if j := strings.IndexAny(name, ".["); j >= 0 {
							name = name[:j]
						}
						if m.fields[name] {
							key, rest = key[:i], r
							break
						}
					}
				}
			}
			return sm[1] + "[" + key + "]" + rest
		}
	}
	return p
}

// key is the category of a mismatch: the operation, the side, the path
// with indexes and map keys abstracted, and the error types.
func (m mismatch) key(op string, blocked bool) string {
	b := ""
	if blocked {
		b = " (server blocked CEL)"
	}
	return fmt.Sprintf("%s: %s %s [%s]%s", op, m.side, normalizePath(m.path), m.types, b)
}

type category struct {
	key     string
	count   int
	byLabel map[string]int
	first   testCase
}

type differential struct {
	t          *testing.T
	k          kindCase
	srv        *apiServer
	ctx        context.Context
	categories map[string]*category
	mapFields  []mapField
	setLists   []string // normalized paths of the list-sets
	mapLists   []string // and of the list-maps
	// uniqueLists are the atomic lists with +k8s:unique (by value or key).
	uniqueLists []string
	schema      *apiextv1.JSONSchemaProps
	scale       *apiextv1.CustomResourceSubresourceScale
	// literals of the CRD, to bias the inputs (see hints)
	hintStrings []string
	hintInts    []int64
	// counters
	objects, validations, goInvalid, srvInvalid, bothValid, blocked, unknownFields, disagreeing int
	opCounts                                                                                    map[string]int
	goKinds                                                                                     map[string]int // Go's errors by Type/Origin
	first                                                                                       []testCase
}

func (d *differential) withMeta(body map[string]any) map[string]any {
	out := deepCopyJSON(body).(map[string]any)
	out["apiVersion"] = d.srv.GVK.GroupVersion().String()
	out["kind"] = d.srv.GVK.Kind
	meta := map[string]any{"name": "obj", "resourceVersion": "1", "uid": "2c8f0b5e-0000-4000-8000-000000000001"}
	if d.srv.Namespaced {
		meta["namespace"] = "default"
	}
	out["metadata"] = meta
	return out
}

// bodies is what both sides get. With the status subresource on, the main
// resource endpoint drops status on create and keeps the old one on update
// (PrepareForCreate/PrepareForUpdate); that is applied to the body itself,
// so the Go validator sees the object the server validates, as it would
// behind a built-in type's strategy.
func (d *differential) bodies(c testCase) (body, old []byte) {
	b := d.withMeta(d.canonical(c.body))
	var o map[string]any
	if c.old != nil {
		o = d.withMeta(d.storable(d.canonical(c.old)))
	}
	if d.srv.Status {
		if o == nil {
			delete(b, "status")
		} else if s, ok := o["status"]; ok {
			b["status"] = deepCopyJSON(s)
		} else {
			delete(b, "status")
		}
	}
	body, _ = json.Marshal(b)
	if o != nil {
		old, _ = json.Marshal(o)
	}
	return body, old
}

func (d *differential) check(c testCase) outcome {
	body, old := d.bodies(c)
	op := operation.Operation{Type: c.op, Options: d.k.options}
	var out outcome
	goBody, goOld := body, old
	if d.k.defaulted {
		if goBody, out.err = d.srv.Defaulted(body); out.err == nil && old != nil {
			goOld, out.err = d.srv.Defaulted(old)
		}
		if out.err != nil {
			return out
		}
	}
	out.goErrs, out.err = d.k.validate(d.ctx, op, goBody, goOld)
	if out.err != nil {
		return out
	}
	out.srvErrs, out.unknown, out.err = d.srv.Validate(d.ctx, body, old)
	if out.err != nil {
		return out
	}
	goPaths := map[string][]string{}
	var stopped []string               // Go's TooMany paths: maxItems stops the list's other checks
	goDuplicates := map[string][]int{} // list path -> indexes of Go's Duplicate errors
	// An item's error in a list-set is at the list on the server when it
	// comes from the list's rule (setEachVal in the generator).
	setItemErr := map[string]bool{}
	itemUpdate := map[string]bool{} // lists and maps with Go's NoAddItem errors at their items
	for _, e := range out.goErrs {
		p := e.Field
		if e.Origin == "update" || e.Origin == "immutable" {
			stopped = append(stopped, p+"[", p+".")
			if l, ok := itemParent(p); ok {
				// At an item: from the list's update rule, or from an
				// eachVal one, which stops the list's other checks too.
				stopped = append(stopped, l+"[")
				if e.Type == field.ErrorTypeForbidden {
					itemUpdate[l] = true
				}
			}
		}
		if e.Type == field.ErrorTypeTooMany {
			stopped = append(stopped, p+"[")
			if l, ok := itemParent(p); ok {
				// eachVal=+k8s:maxItems short-circuits the outer list.
				stopped = append(stopped, l+"[")
			}
		}
		if e.IsAlpha() && d.k.stability != "alpha" {
			// The CRDs are generated with the default --crd-stability=beta,
			// which leaves alpha rules out, as Kubernetes 1.37 does not
			// enforce them (a short-circuiting one still stops Go's other
			// checks, above).
			continue
		}
		switch e.Type {
		case field.ErrorTypeTooMany:
		case field.ErrorTypeDuplicate:
			l, i := listIndex(p)
			goDuplicates[l] = append(goDuplicates[l], i)
			stopped = append(stopped, p+".") // item(k: v) rules: Go checks the first match only
		default:
			if l, i := listIndex(p); i >= 0 && d.isSetList(l) {
				setItemErr[l] = true
			}
		}
		goPaths[p] = appendUnique(goPaths[p], errorKind(e))
	}
	srvPaths := map[string][]string{}
	srvDuplicates := map[string][]int{}
	for _, e := range out.srvErrs {
		if isBlockingMarker(e) {
			out.blocked = true
			continue
		}
		p := d.serverPath(e.Field)
		srvPaths[p] = appendUnique(srvPaths[p], errorKind(e))
		if e.Type == field.ErrorTypeDuplicate {
			l, i := listIndex(p)
			srvDuplicates[l] = append(srvDuplicates[l], i)
		}
	}
	if old != nil {
		// Lists that changed only from null to empty (or back) in items:
		// Go's ratcheting (equality.Semantic) finds them unchanged.
		var n, o any
		_ = json.Unmarshal(body, &n)
		_ = json.Unmarshal(old, &o)
		for _, l := range nullOnlyChanges(n, o, "") {
			stopped = append(stopped, l+"[", l)
		}
	}
	for p, ts := range srvPaths {
		if _, ok := goPaths[p]; ok || underAny(p, stopped) || setItemErr[p] || itemUpdate[p] {
			continue
		}
		if old != nil && d.underUniqueItem(p) {
			// The items of an atomic list are not correlated with the old
			// list by the server: their keyword checks do not ratchet as
			// Go's do (docs/crd-design.md).
			continue
		}
		if len(goDuplicates[p]) > 0 && slices.Contains(ts, string(field.ErrorTypeDuplicate)) {
			// +k8s:unique on an atomic list: a rule on the list, where Go
			// reports at the later item.
			continue
		}
		out.mismatches = append(out.mismatches, mismatch{"server-only", p, strings.Join(ts, ",")})
	}
	if !out.blocked {
		for p, ts := range goPaths {
			if _, ok := srvPaths[p]; ok {
				continue
			}
			if l, ok := itemParent(p); ok && itemUpdate[l] && srvPaths[l] != nil {
				continue
			}
			if l, i := listIndex(p); i >= 0 && d.isSetList(l) && srvPaths[l] != nil {
				continue
			}
			if l, i := listIndex(p); i >= 0 && len(ts) == 1 && ts[0] == string(field.ErrorTypeDuplicate) && laterDuplicate(i, goDuplicates[l], srvDuplicates[l]) {
				continue
			}
			if l, i := listIndex(p); i >= 0 && len(ts) == 1 && ts[0] == string(field.ErrorTypeDuplicate) && slices.Contains(srvPaths[l], string(field.ErrorTypeDuplicate)) {
				continue // +k8s:unique: the server's rule reports at the list
			}
			if d.isMapList(p) && old != nil && d.reorderedOnly(p, body, old) {
				// The server finds a list-map equal to the old one when only
				// the order of its items changed, and ratchets it as a whole;
				// Go's ratcheting (equality.Semantic) sees a change.
				out.reordered = true
				continue
			}
			if len(ts) == 1 && ts[0] == string(field.ErrorTypeTooMany) && len(srvDuplicates[p]) > 0 {
				// The server finds a list-map with duplicate keys equal to
				// any old list of its length whose items with those keys
				// are equal (CorrelatedObject.CachedDeepEqual), and so
				// ratchets its maxItems. It reports the duplicate.
				continue
			}
			out.mismatches = append(out.mismatches, mismatch{"go-only", p, strings.Join(ts, ",")})
		}
	}
	if d.k.canonical && old != nil && slices.ContainsFunc(out.mismatches, func(m mismatch) bool { return m.side == "server-only" }) {
		// Go's ratcheting compares values (equality.Semantic), in which a
		// nil list or map is an empty one; a Go client writes a nil one
		// without omitempty as null, which the server drops. A type's CEL
		// rules run again on the server when its JSON changed, here from
		// [] to absent (or back), where Go skips the unchanged value. Errors
		// that go away when the body spells its empty lists and maps as the
		// old body does are this (docs/crd-design.md).
		n, o := decodeExact(body), decodeExact(old)
		respelled, _ := json.Marshal(respell(n, o))
		if errs, _, err := d.srv.Validate(d.ctx, respelled, old); err == nil {
			still := map[string]bool{}
			for _, e := range errs {
				still[d.serverPath(e.Field)] = true
			}
			before := len(out.mismatches)
			out.mismatches = slices.DeleteFunc(out.mismatches, func(m mismatch) bool { return m.side == "server-only" && !still[m.path] })
			out.respelled = len(out.mismatches) < before
		}
	}
	// The verdict rule needs no check of its own: with no blocking error
	// the sets are equal; with one, the server has an error with a path
	// (the blocking one), which Go must then report too.
	sort.Slice(out.mismatches, func(i, j int) bool {
		return out.mismatches[i].side+out.mismatches[i].path < out.mismatches[j].side+out.mismatches[j].path
	})
	// Go's verdict is that of the errors the CRD enforces: alpha ones are
	// reported, not enforced, as in Kubernetes 1.37 (unless the CRD was
	// generated with --crd-stability=alpha).
	if d.k.stability != "alpha" {
		out.leftOutStop = slices.ContainsFunc(out.goErrs, func(e *field.Error) bool { return e.IsAlpha() && e.ShortCircuit })
		out.goErrs = slices.DeleteFunc(slices.Clone(out.goErrs), func(e *field.Error) bool { return e.IsAlpha() })
	}
	return out
}

// nullOnlyChanges lists the paths of the lists in n that differ from
// their old value o only where an item is null on one side and an empty
// list or object on the other.
func nullOnlyChanges(n, o any, p string) []string {
	switch x := n.(type) {
	case map[string]any:
		y, _ := o.(map[string]any)
		var out []string
		for _, k := range sortedKeys(x) {
			q := k
			if p != "" {
				q = p + "." + k
			}
			out = append(out, nullOnlyChanges(x[k], y[k], q)...)
		}
		return out
	case []any:
		y, ok := o.([]any)
		if !ok || len(x) != len(y) || reflect.DeepEqual(x, y) {
			return nil
		}
		for i := range x {
			if !reflect.DeepEqual(x[i], y[i]) && !(emptyJSON(x[i]) && emptyJSON(y[i])) {
				return nil
			}
		}
		return []string{p}
	}
	return nil
}

// decodeExact decodes JSON keeping numbers as written.
func decodeExact(b []byte) any {
	var v any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	_ = dec.Decode(&v)
	return v
}

// emptyJSON tells the JSON spellings of an empty Go list or map: null (or
// absent), [] and {}.
func emptyJSON(v any) bool {
	switch e := v.(type) {
	case nil:
		return true
	case []any:
		return len(e) == 0
	case map[string]any:
		return len(e) == 0
	}
	return false
}

// respell returns n with its empty lists and maps spelled as o spells the
// same value (null or absent, [] or {}): the same Go value, in o's JSON.
func respell(n, o any) any {
	switch x := n.(type) {
	case map[string]any:
		y, _ := o.(map[string]any)
		out := map[string]any{}
		for k, v := range x {
			out[k] = v
		}
		for _, k := range sortedKeys(x) {
			ov, ook := y[k]
			out[k] = respell(x[k], ov)
			if emptyJSON(x[k]) && emptyJSON(ov) && !reflect.DeepEqual(x[k], ov) { // an absent ov is nil
				if ook {
					out[k] = ov
				} else {
					delete(out, k)
				}
			}
		}
		for k, ov := range y {
			if _, ok := x[k]; !ok && emptyJSON(ov) && ov != nil {
				out[k] = ov
			}
		}
		return out
	case []any:
		y, ok := o.([]any)
		if !ok || len(x) != len(y) {
			return n
		}
		out := make([]any, len(x))
		for i := range x {
			out[i] = respell(x[i], y[i])
			if emptyJSON(x[i]) && emptyJSON(y[i]) {
				out[i] = y[i]
			}
		}
		return out
	}
	return n
}

// listIndex splits an item path: "a.b[3]" -> "a.b", 3; else p, -1.
// itemParent is the list or map of a path that ends at an item or a map
// key (field.Path writes keys unescaped: the first cut that leaves one
// bracketed segment after a path with balanced brackets).
func itemParent(p string) (string, bool) {
	if !strings.HasSuffix(p, "]") {
		return "", false
	}
	first := ""
	for i := 0; i < len(p); i++ {
		if p[i] != '[' || i == 0 {
			continue
		}
		head, rest := p[:i], p[i:]
		if strings.Count(head, "[") != strings.Count(head, "]") {
			continue
		}
		if !strings.Contains(rest[1:len(rest)-1], "].") && !strings.Contains(rest[1:len(rest)-1], "][") {
			return head, true
		}
		if first == "" {
			first = head // a key with brackets of its own
		}
	}
	return first, first != ""
}

func listIndex(p string) (string, int) {
	if i := strings.LastIndex(p, "["); i >= 0 && strings.HasSuffix(p, "]") {
		if n, err := strconv.Atoi(p[i+1 : len(p)-1]); err == nil {
			return p[:i], n
		}
	}
	return p, -1
}

// laterDuplicate: with three or more items sharing a value (a set) or a
// key (a list-map), Go reports each repeat and the server only the first
// one; Go's Duplicate at i needs no server twin when both report one at an
// earlier index of the list.
func laterDuplicate(i int, goIdx, srvIdx []int) bool {
	for _, j := range srvIdx {
		if j < i && slices.Contains(goIdx, j) {
			return true
		}
	}
	return false
}

// isSetList reports whether p (a concrete path) is a list-set of the schema.
// errorKindOrigin names an error's type and origin, as the summary counts
// them.
func errorKindOrigin(e *field.Error) string {
	if e.Origin == "" {
		return string(e.Type)
	}
	return string(e.Type) + "/" + e.Origin
}

func (d *differential) isSetList(p string) bool { return slices.Contains(d.setLists, normalizePath(p)) }

// isUniqueList reports whether p (a concrete path) is an atomic list with
// +k8s:unique.
func (d *differential) isUniqueList(p string) bool {
	return slices.Contains(d.uniqueLists, normalizePath(p))
}

// underUniqueItem reports whether p is below an item of an atomic list
// with +k8s:unique.
func (d *differential) underUniqueItem(p string) bool {
	for i := 1; i < len(p); i++ {
		if p[i] == '[' && d.isUniqueList(p[:i]) {
			return true
		}
	}
	return false
}

// isMapList reports whether p (a concrete path) is a list-map of the schema.
func (d *differential) isMapList(p string) bool { return slices.Contains(d.mapLists, normalizePath(p)) }

// unique reports an atomic list with +k8s:unique (by value or key).
func unique(s *apiextv1.JSONSchemaProps) bool {
	if *s.XListType != "atomic" {
		return false
	}
	for _, v := range s.XValidations {
		if strings.HasPrefix(v.Rule, "self.all(x, self.exists_one(y, ") {
			return true
		}
	}
	return false
}

// uniqueByValue reports an atomic list with +k8s:unique=set, which the CRD
// writes as a list-set's rules on the list.
func uniqueByValue(s *apiextv1.JSONSchemaProps) bool {
	if *s.XListType != "atomic" {
		return false
	}
	for _, v := range s.XValidations {
		if v.Rule == "self.all(x, self.exists_one(y, y == x))" {
			return true
		}
	}
	return false
}

// listPaths lists the normalized paths of the lists of a schema of one
// x-kubernetes-list-type.
func listPaths(s *apiextv1.JSONSchemaProps, kind, p string, out *[]string) {
	if s == nil {
		return
	}
	if s.XListType != nil && (*s.XListType == kind || kind == "set" && uniqueByValue(s) || kind == "unique" && unique(s)) {
		*out = append(*out, p)
	}
	join := func(k string) string {
		if p == "" {
			return k
		}
		return p + "." + k
	}
	for _, k := range sortedKeysProps(s.Properties) {
		prop := s.Properties[k]
		listPaths(&prop, kind, join(k), out)
	}
	if s.Items != nil {
		listPaths(s.Items.Schema, kind, p+"[*]", out)
	}
	if s.AdditionalProperties != nil {
		listPaths(s.AdditionalProperties.Schema, kind, p+"[*]", out)
	}
}

// reorderedOnly reports whether the list-map at p (a path of field names)
// has, in the bodies, the same items as in the old body, by key, in
// another order.
func (d *differential) reorderedOnly(p string, body, old []byte) bool {
	get := func(b []byte) []any {
		var v any
		if json.Unmarshal(b, &v) != nil {
			return nil
		}
		for _, k := range strings.Split(p, ".") {
			m, _ := v.(map[string]any)
			if m == nil {
				return nil
			}
			v = m[k]
		}
		l, _ := v.([]any)
		return l
	}
	n, o := get(body), get(old)
	if len(n) != len(o) || reflect.DeepEqual(n, o) {
		return false
	}
	for _, x := range n {
		if !slices.ContainsFunc(o, func(y any) bool { return reflect.DeepEqual(x, y) }) {
			return false
		}
	}
	return true
}

func sortedKeysProps(m map[string]apiextv1.JSONSchemaProps) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func underAny(p string, prefixes []string) bool {
	for _, q := range prefixes {
		if strings.HasPrefix(p, q) {
			return true
		}
	}
	return false
}

func appendUnique(l []string, s string) []string {
	for _, x := range l {
		if x == s {
			return l
		}
	}
	return append(l, s)
}

func opName(c testCase) string {
	if c.op == operation.Create {
		return "create"
	}
	return "update"
}

func (d *differential) run(n int) {
	d.ctx = context.Background()
	d.opCounts = map[string]int{}
	d.goKinds = map[string]int{}
	start := time.Now()
	g := newGenerator(differentialSeed, d.hintStrings, d.hintInts)
	for i := 0; i < n; i++ {
		// One object in three is sparse (see generator.drop) and one keeps a
		// single field in spec and in status (see generator.focus), so that
		// one rule fails alone more often.
		g.drop = []float64{0.12, 0.5, 0.12}[i%3]
		g.focus = i%3 == 2
		body := g.object(d.k.goType)
		other := g.object(d.k.goType)
		changed := g.smallChange(d.k.goType, body)
		cases := []testCase{
			{op: operation.Create, label: "create", body: body},
			{op: operation.Update, label: "update, old = another object", body: body, old: other},
			{op: operation.Update, label: "update, old = the object slightly changed", body: body, old: changed},
		}
		if i%4 == 0 {
			cases = append(cases, testCase{op: operation.Update, label: "update, old = the same object", body: body, old: deepCopyJSON(body).(map[string]any)})
		}
		d.objects++
		for _, c := range cases {
			out := d.check(c)
			if out.err != nil {
				b, o := d.bodies(c)
				d.t.Fatalf("object %d: %v\n%s\n%s", i, out.err, b, o)
			}
			d.validations++
			d.opCounts[c.label]++
			if len(out.goErrs) > 0 {
				d.goInvalid++
			}
			for _, e := range out.goErrs {
				d.goKinds[errorKindOrigin(e)]++
			}
			if len(out.srvErrs) > 0 {
				d.srvInvalid++
			}
			if len(out.goErrs) == 0 && len(out.srvErrs) == 0 {
				d.bothValid++
			}
			if out.blocked {
				d.blocked++
			}
			if len(out.unknown) > 0 {
				d.unknownFields++
			}
			if len(out.mismatches) == 0 {
				continue
			}
			d.disagreeing++
			if len(d.first) < 10 {
				d.first = append(d.first, c)
			}
			for _, m := range out.mismatches {
				k := m.key(opName(c), out.blocked)
				cat := d.categories[k]
				if cat == nil {
					cat = &category{key: k, first: c, byLabel: map[string]int{}}
					d.categories[k] = cat
				}
				cat.count++
				cat.byLabel[c.label]++
			}
		}
	}
	d.t.Logf("%s: %d objects, %d validations (%s); Go rejected %d, server rejected %d (CEL skipped in %d), both accepted %d; bodies with fields the server pruned as unknown %d; disagreements %d; %v",
		d.k.name, d.objects, d.validations, d.opSummary(), d.goInvalid, d.srvInvalid, d.blocked, d.bothValid, d.unknownFields, d.disagreeing, time.Since(start).Round(time.Millisecond))
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(d.goKinds)) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, d.goKinds[k]))
	}
	d.t.Logf("%s: Go's errors by type and origin: %s", d.k.name, strings.Join(kinds, ", "))
	if d.bothValid == 0 || d.goInvalid == 0 {
		d.t.Errorf("%s: the inputs do not exercise both verdicts (both accepted %d, Go rejected %d): the generator or the harness is broken", d.k.name, d.bothValid, d.goInvalid)
	}
}

func (d *differential) opSummary() string {
	var parts []string
	for _, k := range sortedKeysInt(d.opCounts) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, d.opCounts[k]))
	}
	return strings.Join(parts, "; ")
}

func sortedKeysInt(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// keys of the mismatches of an outcome.
func (d *differential) keys(c testCase, out outcome) map[string]bool {
	ks := map[string]bool{}
	for _, m := range out.mismatches {
		ks[m.key(opName(c), out.blocked)] = true
	}
	return ks
}

// minimize shrinks a disagreeing case while it still shows the mismatch
// category want: keys (and list elements) are deleted and values replaced
// by their zero, outermost first, in the new and the old body, until
// nothing more can go.
func (d *differential) minimize(c testCase, want string) testCase {
	c.body = deepCopyJSON(c.body).(map[string]any)
	if c.old != nil {
		c.old = deepCopyJSON(c.old).(map[string]any)
	}
	still := func() bool { return d.keys(c, d.check(c))[want] }
	if !still() {
		return c
	}
	// An update whose old body can be the new one (or vice versa) is simpler.
	for pass := 0; pass < 6; pass++ {
		changed := false
		for _, root := range []map[string]any{c.body, c.old} {
			if root == nil {
				continue
			}
			if shrinkTree(root, still) {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	// Then make the old body agree with the new one wherever that removes
	// other mismatches and keeps this one, so that the example shows it alone.
	if c.old != nil {
		count := func() int { return len(d.check(c).mismatches) }
		alignTrees(c.body, c.old, func() bool { return still() }, count)
	}
	return c
}

// alignTrees copies subtrees of n over o where that lowers count() while
// keep() holds.
func alignTrees(n, o map[string]any, keep func() bool, count func() int) {
	keys := sortedKeys(n)
	for _, k := range sortedKeys(o) {
		if _, ok := n[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		nv, nok := n[k]
		ov, ook := o[k]
		if nok == ook && reflect.DeepEqual(nv, ov) {
			continue
		}
		before := count()
		if nok {
			o[k] = deepCopyJSON(nv)
		} else {
			delete(o, k)
		}
		if keep() && count() < before {
			continue
		}
		if ook {
			o[k] = ov
		} else {
			delete(o, k)
		}
		nm, ok1 := nv.(map[string]any)
		om, ok2 := ov.(map[string]any)
		if ok1 && ok2 {
			alignTrees(nm, om, keep, count)
		}
	}
}

// shrinkTree tries every simplification of the tree at v once and keeps
// those after which still() holds.
func shrinkTree(v any, still func() bool) bool {
	changed := false
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			saved := x[k]
			delete(x, k)
			if still() {
				changed = true
				continue
			}
			if z := zeroOf(saved); z != nil && !reflect.DeepEqual(z, saved) {
				x[k] = z
				if still() {
					changed = true
					continue
				}
			}
			x[k] = saved
			if shrinkTree(saved, still) {
				changed = true
			}
		}
	case []any:
		// Elements cannot be deleted in place; zero them or recurse.
		for i := range x {
			saved := x[i]
			if z := zeroOf(saved); z != nil && !reflect.DeepEqual(z, saved) {
				x[i] = z
				if still() {
					changed = true
					continue
				}
				x[i] = saved
			}
			if shrinkTree(saved, still) {
				changed = true
			}
		}
	}
	return changed
}

func zeroOf(v any) any {
	switch v.(type) {
	case string:
		return ""
	case int64:
		return int64(0)
	case float64:
		return float64(0)
	case bool:
		return false
	case []any:
		return []any{}
	case map[string]any:
		return map[string]any{}
	}
	return nil
}

// shrinkLists removes list elements (which shrinkTree cannot do in place).
func shrinkLists(root map[string]any, still func() bool) {
	var visit func(parent map[string]any)
	visit = func(parent map[string]any) {
		for _, k := range sortedKeys(parent) {
			switch x := parent[k].(type) {
			case map[string]any:
				visit(x)
			case []any:
				for i := len(x) - 1; i >= 0; i-- {
					cur := parent[k].([]any)
					if i >= len(cur) {
						continue
					}
					shorter := append(append([]any{}, cur[:i]...), cur[i+1:]...)
					parent[k] = shorter
					if !still() {
						parent[k] = cur
					}
				}
				for _, e := range parent[k].([]any) {
					if m, ok := e.(map[string]any); ok {
						visit(m)
					}
				}
			}
		}
	}
	visit(root)
}

func (d *differential) describe(c testCase) string {
	var b strings.Builder
	out := d.check(c)
	body, old := d.bodies(c)
	fmt.Fprintf(&b, "    %s\n    input: %s\n", c.label, stripMeta(body))
	if old != nil {
		fmt.Fprintf(&b, "    old:   %s\n", stripMeta(old))
	}
	fmt.Fprintf(&b, "    Go errors:\n%s", fmtErrs(out.goErrs))
	fmt.Fprintf(&b, "    server errors:\n%s", fmtErrs(out.srvErrs))
	if len(out.unknown) > 0 {
		fmt.Fprintf(&b, "    server pruned unknown fields: %v\n", out.unknown)
	}
	for _, m := range out.mismatches {
		fmt.Fprintf(&b, "    mismatch: %s %s [%s]\n", m.side, m.path, m.types)
	}
	return b.String()
}

// stripMeta prints a body without the fixed apiVersion, kind, metadata.
func stripMeta(body []byte) string {
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber() // print int64 values exactly
	_ = dec.Decode(&m)
	delete(m, "apiVersion")
	delete(m, "kind")
	delete(m, "metadata")
	b, _ := json.Marshal(m)
	return string(b)
}

func fmtErrs(errs field.ErrorList) string {
	if len(errs) == 0 {
		return "      (none)\n"
	}
	lines := make([]string, 0, len(errs))
	for _, e := range errs {
		s := fmt.Sprintf("      %s %s: %s", e.Type, e.Field, e.ErrorBody())
		if e.Origin != "" {
			s += " (origin " + e.Origin + ")"
		}
		if len(s) > 400 {
			s = s[:400] + "..."
		}
		lines = append(lines, s)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

func (d *differential) minimizeAny(c testCase) testCase {
	out := d.check(c)
	if len(out.mismatches) == 0 {
		return c
	}
	want := out.mismatches[0].key(opName(c), out.blocked)
	c = d.minimize(c, want)
	still := func() bool { return d.keys(c, d.check(c))[want] }
	shrinkLists(c.body, still)
	if c.old != nil {
		shrinkLists(c.old, still)
	}
	return c
}

func (d *differential) report() {
	if d.disagreeing == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: Go and the API server disagree on %d of %d validations (%d objects).\n", d.k.name, d.disagreeing, d.validations, d.objects)
	keys := make([]string, 0, len(d.categories))
	for k := range d.categories {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if d.categories[keys[i]].count != d.categories[keys[j]].count {
			return d.categories[keys[i]].count > d.categories[keys[j]].count
		}
		return keys[i] < keys[j]
	})
	fmt.Fprintf(&b, "\n%d categories (operation: side path [error types], validations showing it), each with its first case minimized for that category:\n", len(keys))
	for i, k := range keys {
		cat := d.categories[k]
		c := d.minimize(cat.first, k)
		still := func() bool { return d.keys(c, d.check(c))[k] }
		shrinkLists(c.body, still)
		if c.old != nil {
			shrinkLists(c.old, still)
		}
		var labels []string
		for _, l := range sortedKeysInt(cat.byLabel) {
			labels = append(labels, fmt.Sprintf("%s: %d", l, cat.byLabel[l]))
		}
		fmt.Fprintf(&b, "\n  #%d %s  x%d (%s)\n%s", i+1, k, cat.count, strings.Join(labels, "; "), d.describe(c))
	}
	fmt.Fprintf(&b, "\nThe first %d disagreements, minimized:\n", len(d.first))
	for i, c := range d.first {
		fmt.Fprintf(&b, "\n  disagreement %d:\n%s", i+1, d.describe(d.minimizeAny(c)))
	}
	d.t.Error(b.String())
}

// storable makes an old body one the server could have stored: one that
// holds the invariants the server checks on every write without ratcheting
// them per field, which Go ratchets per field. Everything else may be
// invalid in an old body: that is what ratcheting is for.
//   - The scale subresource's replicas are non-negative int32s.
//   - No item of a list-set is longer than the maxLength of the items
//     (which the CRD states for the cost estimate of a CEL format check:
//     a set's items are not ratcheted one by one).
//   - No list-set or list-map has duplicates. (The server skips the
//     uniqueness checks of the whole new object when the old one has a
//     duplicate anywhere, which only a change of the CRD can bring about;
//     docs/crd-design.md.)
func (d *differential) storable(old map[string]any) map[string]any {
	old = deepCopyJSON(old).(map[string]any)
	if d.scale != nil {
		for _, p := range []string{d.scale.SpecReplicasPath, d.scale.StatusReplicasPath} {
			parts := strings.Split(strings.TrimPrefix(p, "."), ".")
			parent := old
			for _, k := range parts[:len(parts)-1] {
				parent, _ = parent[k].(map[string]any)
				if parent == nil {
					break
				}
			}
			if parent == nil {
				continue
			}
			if n, ok := parent[parts[len(parts)-1]].(int64); ok && (n < 0 || n > math.MaxInt32) {
				parent[parts[len(parts)-1]] = n & math.MaxInt32
			}
		}
	}
	dedupe(old, d.schema)
	return old
}

// dedupe drops the later duplicates of list-sets and list-maps (keys read
// with their schema defaults, as the server does after defaulting).
func dedupe(v any, s *apiextv1.JSONSchemaProps) any {
	if s == nil {
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if p, ok := s.Properties[k]; ok {
				x[k] = dedupe(e, &p)
			} else if s.AdditionalProperties != nil {
				x[k] = dedupe(e, s.AdditionalProperties.Schema)
			}
		}
	case []any:
		var elem *apiextv1.JSONSchemaProps
		if s.Items != nil {
			elem = s.Items.Schema
		}
		seen := map[string]bool{}
		out := x[:0]
		for _, e := range x {
			e = dedupe(e, elem)
			id := ""
			switch {
			case s.XListType != nil && *s.XListType == "set":
				if str, ok := e.(string); ok && elem != nil && elem.MaxLength != nil && int64(len([]rune(str))) > *elem.MaxLength {
					continue // see storable
				}
				b, _ := json.Marshal(e)
				id = string(b)
			case s.XListType != nil && *s.XListType == "map":
				m, _ := e.(map[string]any)
				var key []any
				for _, k := range s.XListMapKeys {
					kv := m[k] // null is pruned, then defaulted like absent
					if kv == nil && elem != nil {
						if def := elem.Properties[k].Default; def != nil {
							_ = json.Unmarshal(def.Raw, &kv)
						}
					}
					key = append(key, kv)
				}
				b, _ := json.Marshal(key)
				id = string(b)
			default:
				out = append(out, e)
				continue
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, e)
			}
		}
		return out
	}
	return v
}
