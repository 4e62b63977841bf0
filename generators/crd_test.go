package generators_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/markers"
)

// CRD-level mistakes are errors with the file, line, marker and fix; a
// recursive type, which a CRD schema cannot describe, too.
func TestCRDBadInput(t *testing.T) {
	cases := map[string][]string{
		"unknown-marker":      {"types.go:5:", "kubebuilder:resourc:path=things", "unknown kubebuilder marker", "fix:"},
		"bad-scope":           {"types.go:5:", "scope=Global", "neither Namespaced nor Cluster", "fix:"},
		"printcolumn-missing": {"types.go:5:", "printcolumn", "needs name, type and JSONPath", "fix:"},
		"recursive":           {"types.go:12:", "Node contains itself", "fix:"},
		// The scale subresource's own checks do not ratchet: the Go
		// validator must make them too.
		"scale-no-minimum": {"types.go:5:", "kubebuilder:subresource:scale", "specpath .spec.replicas", "no +k8s:minimum", "fix: add +k8s:minimum=0 to Replicas (", "types.go:15"},
		"scale-wrong-type": {"types.go:5:", "specpath .spec.replicas: is Replicas *int64", "fix: make Replicas an int32"},
		// The server's own CRD validation runs at generation time; its
		// errors point at the field whose schema they are about.
		"cost-unbounded": {"types.go:18:", "the API server would reject CRD things.bad.example.com at properties[spec].properties[names].items.properties[value]",
			"estimated rule cost exceeds budget by factor of more than 100x", "fix: bound the lists on the way to this field with +k8s:maxItems"},
		// Kubernetes' own groups need the API review's link, which the
		// server checks when the CRD is created.
		"protected-group": {"types.go:6:", "the API server would reject CRD things.things.k8s.io", "api-approved.kubernetes.io",
			`fix: a CRD of a group under k8s.io or kubernetes.io needs the link to the API review that approved it: add +kubebuilder:metadata:annotations="api-approved.kubernetes.io=<URL of the review>"`},
		"map-int-keys":        {"types.go:12:", "map keys of map[int32]string must be strings", "fix:"},
		"scale-missing-field": {"types.go:5:", "statuspath .status.ready: names no field of Thing", "fix:"},
		// The server holds integers as int64: a uint64 above 2^63-1, which
		// Go validates, is not even a number of the right type there.
		"uint64": {"types.go:14:", "uint64 holds values above 2^63-1", "fix: use int64"},
		// Below list items non-pointer fields default to their zero value;
		// the server checks the default against the field's rules.
		"default-breaks-rule": {"types.go:20:", "properties[items].items.properties[name].default", "a CEL rule fails on the field's zero value", "fix: let the zero value through"},
		// controller-gen's schema markers are not read: an error rather
		// than a check the CRD and the Go validator silently lack.
		// A chain after +k8s:item that the CRD cannot carry says which
		// chains those are and where the rule can go instead.
		"item-eachval": {"types.go:15:", "+k8s:item", "has no CRD form", "+k8s:eachVal", "fix: if every item must satisfy the rule, put it on the field of the item's type itself (Container)"},
		// The server checks a set's uniqueness itself: it cannot be left to
		// handwritten code.
		"customunique": {"types.go:9:", "+k8s:customUnique leaves the items' uniqueness to handwritten code", "fix: remove +k8s:customUnique"},
		// Go code: an API server cannot run it for a CRD.
		"custom": {"types.go:15:", "+k8s:customValidation calls Go code (ValidateCustom_Thing_Name)", "fix: express the rule as a +k8s:rule (CEL)"},
		// A mode's rule is on the struct; the server's cost check names
		// the ifMode tag it comes from.
		"ifmode-eachkey-unbounded": {"types.go:15:", "the API server would reject CRD things.bad.example.com at x-kubernetes-validations[1].rule",
			"estimated rule cost exceeds budget", "fix: bound the lists and strings the rule reads"},
		// A rule CEL does not compile: the server rejects the CRD,
		// though controller-gen writes it.
		"rule-does-not-compile": {"types.go:17:", `rule "self.size() > 0"`, "found no matching overload for 'size'", "fix: correct the rule: the API server rejects a CRD whose rule does not compile"},
		// gofmt turns '' in a doc comment into a quotation mark.
		"rule-gofmt-quote":          {"types.go:17:", "fix: write an empty string as \"\" in the rule: gofmt turns '' in a doc comment into ”"},
		"kubebuilder-schema-marker": {"types.go:14:", "+kubebuilder:validation:Minimum=1", "controller-gen's schema markers are not read", "fix: write +k8s:minimum=1"},
		// A test tag that always fails has no CRD form; behind +k8s:alpha,
		// which the CRD does not enforce, it is not one; validateTrue is
		// nothing to enforce.
		"validate-false": {"types.go:14:", `+k8s:eachKey=+k8s:validateFalse="no CRD form"`, "a test tag that always fails, has no CRD form", "fix: remove it from APIs written as CRDs"},
	}
	for name, wants := range cases {
		t.Run(name, func(t *testing.T) {
			_, _, err := generators.Run(generators.Config{
				Dir:        wd(t),
				Patterns:   []string{"./testdata/crdbad/" + name},
				OutputFile: outputFile,
				CRDDir:     filepath.Join(t.TempDir(), "crd"),
			})
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

// controller-gen's XValidation on a kind is a rule of the kind (it was an
// "unknown kubebuilder marker" with --crd-dir).
func TestXValidationOnAKind(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdxvalidation"}, OutputFile: outputFile, CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Path != filepath.Join(dir, "x.example.com_things.yaml") {
			continue
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
			t.Fatal(err)
		}
		root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
		if crd.Spec.Scope != apiextv1.ClusterScoped || len(root.XValidations) != 1 || root.XValidations[0].Rule != "self.spec.replicas >= 0" {
			t.Errorf("scope %s, root rules %+v", crd.Spec.Scope, root.XValidations)
		}
		return
	}
	t.Fatalf("no CRD among %d outputs", len(outs))
}

// Without --crd-dir, kubebuilder markers are not read at all: a project
// that only wants Go validators is not stopped by them.
func TestKubebuilderMarkersIgnoredWithoutCRDs(t *testing.T) {
	if _, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdbad/unknown-marker"}, OutputFile: outputFile}); err != nil {
		t.Errorf("without CRD output: %v", err)
	}
}

// The Go-to-schema mapping of every kind of field, as the server reads it.
func TestCRDSchemaOfGoTypes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdschema/..."}, OutputFile: outputFile, CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextv1.CustomResourceDefinition
	for _, o := range outs {
		if o.Path == filepath.Join(dir, "shapes.example.com_shapes.yaml") {
			if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(crd.Spec.Versions) != 1 {
		t.Fatalf("no CRD for Shape in %d outputs", len(outs))
	}
	root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
	spec := root.Properties["spec"]
	var names []string
	for n := range spec.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	// "-" is left out; the inline struct's field is flattened; JSON names
	// are used as written.
	want := []string{"count", "data", "flat", "i32", "i64", "items", "labels", "nested", "on", "port", "ptr", "ratio", "raw", "renamed_name", "size", "small", "wait", "when", "zero"}
	if !slices.Equal(names, want) {
		t.Errorf("spec properties:\n got %v\nwant %v", names, want)
	}
	f := func(v float64) *float64 { return &v }
	cases := map[string]apiextv1.JSONSchemaProps{
		"i32":   {Type: "integer", Format: "int32"},
		"i64":   {Type: "integer", Format: "int64"},
		"small": {Type: "integer", Format: "int32", Minimum: f(0), Maximum: f(255)},
		"ratio": {Type: "number"},
		"on":    {Type: "boolean"},
		"data":  {Type: "string", Format: "byte"},
		"ptr":   {Type: "string"},
		"flat":  {Type: "string"},
		"when":  {Type: "string", Format: "date-time"},
		"wait":  {Type: "string"},
		"port":  {XIntOrString: true, AnyOf: []apiextv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}}},
		"raw":   {Type: "object", XPreserveUnknownFields: ptr(true)},
	}
	for name, w := range cases {
		if got := spec.Properties[name]; !reflect.DeepEqual(got, w) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, w)
		}
	}
	if s := spec.Properties["size"]; !s.XIntOrString || s.Pattern == "" {
		t.Errorf("size (resource.Quantity): want int-or-string with the quantity pattern, got %+v", s)
	}
	if l := spec.Properties["labels"]; l.Type != "object" || l.AdditionalProperties == nil || l.AdditionalProperties.Schema.Type != "string" {
		t.Errorf("labels (map[string]string): got %+v", l)
	}
	if l := spec.Properties["items"]; l.Type != "array" || l.Items.Schema.Properties["name"].Type != "string" {
		t.Errorf("items ([]Inner): got %+v", l)
	}
	for _, n := range []string{"nested", "zero"} {
		if p := spec.Properties[n]; p.Type != "object" || p.Properties["name"].Type != "string" {
			t.Errorf("%s: got %+v", n, p)
		}
	}
	// No field is "required": absent is the zero value, as in Go.
	if len(spec.Required) > 0 || len(root.Required) > 0 {
		t.Errorf("required: %v %v", root.Required, spec.Required)
	}
	// ObjectMeta at the root is the server's.
	if m := root.Properties["metadata"]; m.Type != "object" || len(m.Properties) > 0 {
		t.Errorf("metadata: got %+v", m)
	}
}

func ptr[T any](v T) *T { return &v }

// --crd-stability decides which stability levels a CRD enforces: a rule
// behind +k8s:beta from "beta" (the default) down, one behind +k8s:alpha
// only with "alpha"; stable rules always.
func TestCRDStabilityLevels(t *testing.T) {
	spec := func(level string) apiextv1.JSONSchemaProps {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "crd")
		outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdlevels/..."}, OutputFile: outputFile, CRDDir: dir, CRDStability: level})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			if o.Path == filepath.Join(dir, "levels.example.com_gauges.yaml") {
				var crd apiextv1.CustomResourceDefinition
				if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
					t.Fatal(err)
				}
				// Rules of the spec's fields read as zero when absent go
				// on the root (the anchor); keep them with the spec's.
				root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
				s := root.Properties["spec"]
				s.XValidations = append(s.XValidations, root.XValidations...)
				return s
			}
		}
		t.Fatalf("no CRD for Gauge in %d outputs", len(outs))
		return apiextv1.JSONSchemaProps{}
	}
	rules := func(s apiextv1.JSONSchemaProps) string {
		var out []string
		for _, r := range s.XValidations {
			out = append(out, r.Rule)
		}
		return strings.Join(out, "\n")
	}
	type want struct {
		maximum, neq, maxItems, eachMaxLength, immutable, union, enum bool
	}
	got := func(s apiextv1.JSONSchemaProps) want {
		level, tags := s.Properties["level"], s.Properties["tags"]
		return want{
			maximum:       level.Maximum != nil,
			neq:           strings.Contains(rules(level), "13"),
			maxItems:      tags.MaxItems != nil,
			eachMaxLength: tags.Items != nil && tags.Items.Schema.MaxLength != nil,
			immutable:     strings.Contains(rules(s), "class"),
			union:         strings.Contains(rules(s), "cat"),
			enum:          len(s.Properties["unit"].Enum) > 0,
		}
	}
	for _, c := range []struct {
		level string
		want  want
	}{
		{"stable", want{}},
		{"", want{maximum: true, eachMaxLength: true, union: true}},
		{"beta", want{maximum: true, eachMaxLength: true, union: true}},
		{"alpha", want{true, true, true, true, true, true, true}},
	} {
		s := spec(c.level)
		if g := got(s); g != c.want {
			t.Errorf("--crd-stability=%q: got %+v, want %+v\nrules: %s", c.level, g, c.want, rules(s))
		}
		if m := s.Properties["level"].Minimum; m == nil || *m != 0 {
			t.Errorf("--crd-stability=%q: the stable minimum is missing", c.level)
		}
	}
	if _, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdlevels/..."}, OutputFile: outputFile, CRDDir: t.TempDir(), CRDStability: "gamma"}); err == nil || !strings.Contains(err.Error(), "want stable, beta or alpha") {
		t.Errorf("--crd-stability=gamma: %v", err)
	}
}

// The version and metadata markers of a kind, in both dialects.
func TestCRDVersionMarkers(t *testing.T) {
	for _, c := range []struct{ pkg, file string }{{"k8s", "k8s.example.com_things.yaml"}, {"kb", "kb.example.com_things.yaml"}} {
		dir := filepath.Join(t.TempDir(), "crd")
		outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdversions/" + c.pkg}, OutputFile: outputFile, CRDDir: dir})
		if err != nil {
			t.Fatalf("%s: %v", c.pkg, err)
		}
		var crd apiextv1.CustomResourceDefinition
		for _, o := range outs {
			if o.Path == filepath.Join(dir, c.file) {
				if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
					t.Fatal(err)
				}
			}
		}
		if len(crd.Spec.Versions) != 1 {
			t.Fatalf("%s: no CRD %s in %d outputs", c.pkg, c.file, len(outs))
		}
		v := crd.Spec.Versions[0]
		if !v.Served || !v.Storage || !v.Deprecated || v.DeprecationWarning == nil || *v.DeprecationWarning != "v1 is going away" {
			t.Errorf("%s: version %+v", c.pkg, v)
		}
		if crd.Annotations["team"] != "a" || crd.Annotations["docs"] != "https://example.com" || crd.Labels["tier"] != "x" {
			t.Errorf("%s: annotations %v, labels %v", c.pkg, crd.Annotations, crd.Labels)
		}
		if m := v.Schema.OpenAPIV3Schema.Properties["spec"].Properties["replicas"]; c.pkg == "kb" && (m.Minimum == nil || *m.Minimum != 0) {
			t.Errorf("kb: replicas %+v", m)
		}
	}
}

// +groupName in the block above the package clause, after a blank line,
// as kubebuilder scaffolds groupversion_info.go: the package is a group
// version (controller-gen reads it so), not silently none.
func TestGroupNameAboveBlankLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/crdseparated"}, OutputFile: outputFile, CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var crd, validators bool
	for _, o := range outs {
		crd = crd || o.Path == filepath.Join(dir, "gn.example.com_things.yaml")
		validators = validators || filepath.Base(o.Path) == outputFile
	}
	if !crd || !validators {
		t.Errorf("CRD written: %t, validators written: %t (outputs: %d)", crd, validators, len(outs))
	}
}

// A type declared as another named type (type Condition
// metav1.Condition, in a dependency) is described as controller-gen
// describes it: with the descriptions and markers of the type it is
// declared as, even when no type of the run names that type (it is then
// in no package the run reached), whether it is imported under a name, under
// its own name, or declared in the same package; and a field whose type
// names an alias (type Name = string) is described by the alias's doc and
// markers where controller-gen does so. The Go validators check what the
// CRD says. TestControllerGenOracle (test/kubebuilder) holds the
// whole CRD to controller-gen's.
func TestTypesDeclaredAsTypesOutsideTheRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/declaredas/v1"}, OutputFile: outputFile, CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// The one warning: the marker of an alias controller-gen reads none of.
	if len(warnings) != 1 || warnings[0].Kind != "misplaced-marker" || !strings.Contains(warnings[0].Error(), "types.go:25: +kubebuilder:validation:XValidation") {
		t.Errorf("warnings: %v", warnings)
	}
	// From v0.20 controller-gen may stop on such a marker (nginx-gateway-fabric's
	// gateway-api v1.2.1); before, it passes over it.
	for version, does := range map[string]string{"": "from v0.20 may stop with an error or panic on it (controller-tools issue 1289)", "v0.19.0": "; controller-gen reads no marker of the alias, so nothing checks it (nor here);"} {
		_, ws, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/declaredas/v1"}, OutputFile: outputFile, CRDDir: t.TempDir(), ControllerGenVersion: version})
		if err != nil || len(ws) != 1 || !strings.Contains(ws[0].Error(), does) {
			t.Errorf("controller-gen %q: want the alias warning to say %q, got %v, %v", version, does, ws, err)
		}
	}
	// controller-gen v0.16 loads packages with aliases resolved: conds.Owner
	// (= Reference) is Reference there, without the alias's doc or rule, of
	// which it warns; an alias of a builtin type (conds.Label) keeps its
	// markers. (v0.16.5 panics on this package's conds.Label; on G2 and O2
	// of the probe, a field of an alias of another package's named type, it
	// writes neither the alias's maxLength nor its rule.)
	v16, ws, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/declaredas/v1"}, OutputFile: outputFile, CRDDir: dir, ControllerGenVersion: "v0.16.1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 2 || !strings.Contains(ws[1].Error(), "conds.go:37: +kubebuilder:validation:XValidation") || !strings.Contains(ws[1].Error(), "Owner is an alias of a named type, which controller-gen before v0.17 reads as that type") {
		t.Errorf("v0.16.1: want the warning that Owner's rule is not read, got %v", ws)
	}
	v16Spec := crdOutput(t, v16, filepath.Join(dir, "declaredas.example.com_widgets.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	if m := v16Spec.Properties["manager"]; len(m.XValidations) != 0 || !strings.HasPrefix(m.Description, "Reference is declared as") {
		t.Errorf("v0.16.1: manager (conds.Owner = Reference) is Reference's schema, got rules %v, description %q", m.XValidations, m.Description)
	}
	if l := v16Spec.Properties["label"]; l.MaxLength == nil || *l.MaxLength != 63 {
		t.Errorf("v0.16.1: label (conds.Label = string) keeps the alias's maxLength, got %v", deref(l.MaxLength))
	}
	var crd apiextv1.CustomResourceDefinition
	var goSrc string
	for _, o := range outs {
		switch {
		case o.Path == filepath.Join(dir, "declaredas.example.com_widgets.yaml"):
			if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
				t.Fatal(err)
			}
		case strings.HasSuffix(o.Path, outputFile):
			goSrc = string(o.Content)
		}
	}
	if len(crd.Spec.Versions) != 1 || goSrc == "" {
		t.Fatalf("no CRD or no validation file for Widget in %d outputs", len(outs))
	}
	vetWith(t, outs, "./testdata/declaredas/...")
	root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
	cond := root.Properties["status"].Properties["conditions"].Items.Schema
	spec := root.Properties["spec"]
	owner := root.Properties["spec"].Properties["owner"]
	local := root.Properties["spec"].Properties["local"]
	f := func(v float64) *float64 { return &v }
	i := func(v int64) *int64 { return &v }
	checks := []struct {
		what      string
		got, want any
	}{
		{"conditions[].message.maxLength (metav1.Condition's marker)", cond.Properties["message"].MaxLength, i(32768)},
		{"conditions[].observedGeneration.minimum", cond.Properties["observedGeneration"].Minimum, f(0)},
		{"conditions[].status.enum", len(cond.Properties["status"].Enum), 3},
		{"conditions[].type.description (metav1.Condition's comment)", cond.Properties["type"].Description, "type of condition in CamelCase or in foo.example.com/CamelCase."},
		{"conditions[].required", cond.Required, []string{"lastTransitionTime", "message", "reason", "status", "type"}},
		{"owner (v1.OwnerReference, imported under its own name) map type", ptrString(owner.XMapType), "atomic"},
		{"owner.apiVersion.description", owner.Properties["apiVersion"].Description, "API version of the referent."},
		{"local (conds.Base, same package) size.enum", len(local.Properties["size"].Enum), 3},
		{"local.count.minimum", local.Properties["count"].Minimum, f(0)},
		{"local's own rule", len(local.XValidations), 1},
		// Aliases: of a builtin type in the package, or any named from
		// another, described by their own doc and markers.
		{"name (alias Name = string) maxLength", spec.Properties["name"].MaxLength, i(16)},
		{"name description (the alias's)", strings.HasPrefix(spec.Properties["name"].Description, "Name is an alias"), true},
		{"longName: the alias's minLength and the field's, as allOf", len(spec.Properties["longName"].AllOf), 2},
		{"names[] (items of the alias) maxLength", spec.Properties["names"].Items.Schema.MaxLength, i(16)},
		{"label (conds.Label) maxLength", spec.Properties["label"].MaxLength, i(63)},
		{"manager (conds.Owner = Reference) rule", len(spec.Properties["manager"].XValidations), 1},
		{"manager description (the alias's)", spec.Properties["manager"].Description, "Owner is an alias of a named type, with a doc of its own."},
		{"other (Ref = conds.Reference, named here) has none of Ref's rules", len(spec.Properties["other"].XValidations), 0},
		// Named inside lists and maps (cilium's map[string]MatchLabelsValue).
		{"namesByKey values (map[string]Name) maxLength", spec.Properties["namesByKey"].AdditionalProperties.Schema.MaxLength, i(16)},
		{"namesByKey values description (the alias's)", strings.HasPrefix(spec.Properties["namesByKey"].AdditionalProperties.Schema.Description, "Name is an alias"), true},
		{"nameListsByKey values' items (map[string][]*Name) minLength", spec.Properties["nameListsByKey"].AdditionalProperties.Schema.Items.Schema.MinLength, i(1)},
		{"labelsByKey values (map[string]conds.Label) maxLength", spec.Properties["labelsByKey"].AdditionalProperties.Schema.MaxLength, i(63)},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.what, deref(c.got), deref(c.want))
		}
	}
	for _, want := range []string{"SchemaTooLong(&fp", ", 32768)", `[]string{"True", "False", "Unknown"}`, `[]string{"S", "M", "L"}`, "SchemaTooLong(&kp"} {
		if !strings.Contains(goSrc, want) {
			t.Errorf("the Go validators do not check what the CRD says: no %s", want)
		}
	}
}

// A marker that needs a type (MaxLength) on a field of a named type of
// another package, on type A base.B and on an alias of such a type: at
// every version controller-gen exits 1 on the first two ("must apply
// maxlength to a string"), and from v0.17 on the third ("to a textual
// value, found type \"\""), after writing the CRD without them. The
// marker is meant and the type it needs is known: validation-gen applies
// it, in the CRD and the Go validator (docs/kubebuilder.md). Following
// v0.16, which reads an alias of a named type as that type, the alias's
// marker is left out with a warning, as v0.16 leaves it out.
func TestTypedMarkersWhereControllerGenExits(t *testing.T) {
	types := "package v1\n\nimport (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\n\t\"example.com/safe/api/alias\"\n\t\"example.com/safe/api/base\"\n)\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\nfunc (in *Thing) DeepCopyObject() runtime.Object { return in }\n\n" +
		"// +kubebuilder:validation:MaxLength=6\ntype Declared base.Group\n\n" +
		"type Spec struct {\n\t// +kubebuilder:validation:MaxLength=5\n\t// +optional\n\tField base.Group `json:\"field,omitempty\"`\n" +
		"\t// +optional\n\tDeclared Declared `json:\"declared,omitempty\"`\n\t// +optional\n\tAliased alias.Group `json:\"aliased,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{
		"api/v1/doc.go":      "// +groupName=g.example.com\npackage v1\n",
		"api/v1/types.go":    types,
		"api/base/base.go":   "package base\n\ntype Group string\n",
		"api/alias/alias.go": "package alias\n\nimport \"example.com/safe/api/base\"\n\n// +kubebuilder:validation:MaxLength=7\ntype Group = base.Group\n",
	})
	cfg := generators.Config{Dir: dir, Patterns: []string{"./api/v1"}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")}
	i := func(v int64) *int64 { return &v }
	for _, c := range []struct {
		version string
		aliased *int64
		warned  bool
	}{{"", i(7), false}, {"v0.17.0", i(7), false}, {"v0.16.1", nil, true}} {
		cfg.ControllerGenVersion = c.version
		outs, ws, err := generators.Run(cfg)
		if err != nil {
			t.Fatalf("%q: %v", c.version, err)
		}
		spec := crdOutput(t, outs, filepath.Join(cfg.CRDDir, "g.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		for name, want := range map[string]*int64{"field": i(5), "declared": i(6), "aliased": c.aliased} {
			if got := spec.Properties[name].MaxLength; !reflect.DeepEqual(got, want) {
				t.Errorf("%q: %s.maxLength = %v, want %v", c.version, name, deref(got), deref(want))
			}
		}
		if warned := len(ws) == 1 && strings.Contains(ws[0].Error(), "alias.go:5: +kubebuilder:validation:MaxLength=7: Group is an alias of a named type, which controller-gen before v0.17 reads as that type"); warned != c.warned || !c.warned && len(ws) != 0 {
			t.Errorf("%q: warnings %v, want the alias's marker warned of: %v", c.version, ws, c.warned)
		}
		var goSrc string
		for _, o := range outs {
			if strings.HasSuffix(o.Path, outputFile) {
				goSrc = string(o.Content)
			}
		}
		for n, want := range map[string]bool{", 5)": true, ", 6)": true, ", 7)": c.aliased != nil} {
			if strings.Contains(goSrc, n) != want {
				t.Errorf("%q: the Go validator checks maxLength%s: %v, want %v", c.version, n, !want, want)
			}
		}
	}
}

func ptrString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// deref shows a pointer's value in a failure.
func deref(v any) any {
	switch p := v.(type) {
	case *int64:
		if p != nil {
			return *p
		}
	case *float64:
		if p != nil {
			return *p
		}
	}
	return v
}

// controller-gen's flattening, as controller-gen v0.23 writes it
// (TestControllerGenOracle in test/kubebuilder compares the whole CRD):
// a struct's own CEL rules (its immutable fields', then its type's) come
// before those of the structs it embeds, the last embedded first, but at
// a kind's root, where the embedded structs' come first; the markers of
// an embedded field hold for the struct it is flattened into (a
// schemaless one adds nothing else); an enum on
// a field (or on a type declared as another) gives way to its type's,
// with a warning when they differ; a field's markers in a block a blank
// line above its doc comment are read.
func TestFlattenAsControllerGen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/flatten/v1"}, OutputFile: outputFile, CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	crd := crdOutput(t, outs, filepath.Join(dir, "flatten.example.com_spaces.yaml"))
	if len(crd.Spec.Versions) != 1 {
		t.Fatalf("no CRD for Space in %d outputs", len(outs))
	}
	root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
	spec := root.Properties["spec"]
	messages := func(s apiextv1.JSONSchemaProps) []string {
		var out []string
		for _, r := range s.XValidations {
			out = append(out, r.Message)
		}
		return out
	}
	orders := []struct {
		where     string
		got, want []string
	}{
		{"spec", messages(spec), []string{"field a is immutable once set", "outer rule 1", "outer rule 2", "other rule", "field b is immutable once set", "inner rule", "deep rule"}},
		{"root", messages(*root), []string{"other rule", "field h is immutable once set", "root rule"}},
		{"spec.hold", messages(spec.Properties["hold"]), []string{"embedded field rule", "other rule"}},
	}
	for _, o := range orders {
		if !slices.Equal(o.got, o.want) {
			t.Errorf("rules of %s:\n got %q\nwant %q", o.where, o.got, o.want)
		}
	}
	if m := spec.Properties["priority"].Minimum; m == nil || *m != 1 {
		t.Errorf("spec.priority: the minimum of the marker block above its doc comment is lost: %v", m)
	}
	// A struct embedded schemaless adds nothing but its field's markers.
	kept, bare := *spec.Properties["kept"].Items.Schema, spec.Properties["bare"]
	if len(kept.Properties) != 1 || len(kept.Required) != 0 || kept.XPreserveUnknownFields == nil || !*kept.XPreserveUnknownFields ||
		len(bare.Properties) != 1 || bare.XPreserveUnknownFields != nil {
		t.Errorf("structs embedding Loose schemaless:\nkept %+v\nbare %+v", kept, bare)
	}
	enums := map[string]string{"same": `"S","M","L"`, "fewer": `"S","M","L"`, "small": `"S","M","L"`}
	for field, want := range enums {
		var vals []string
		for _, v := range spec.Properties[field].Enum {
			vals = append(vals, string(v.Raw))
		}
		if got := strings.Join(vals, ","); got != want {
			t.Errorf("spec.%s.enum: got %s, want %s (the type's)", field, got, want)
		}
		if len(spec.Properties[field].AllOf) > 0 {
			t.Errorf("spec.%s: an allOf: %+v", field, spec.Properties[field].AllOf)
		}
	}
	var got []string
	for _, w := range warnings {
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(w.Pos.Filename), w.Pos.Line, w.Kind))
		if !strings.Contains(w.Error(), "keeps the type's enum and drops this one") {
			t.Errorf("the warning does not say what controller-gen does: %v", w)
		}
	}
	if want := []string{"types.go:42 contradiction", "types.go:83 contradiction"}; !slices.Equal(got, want) {
		t.Errorf("warnings:\n got %q\nwant %q (the enums that differ from their type's, not the one that is the same)", got, want)
	}
}

// --controller-gen-version writes what that version writes where versions
// differ: AtMostOneOf, ExactlyOneOf and AtLeastOneOf rules counted by a
// list filter before v0.22, a sum (and has() joined by ||) since; an enum
// on a field and one on its type both kept, as allOf, before v0.21; a
// struct's maxProperties and its embedded struct's alike both kept, as
// allOf, before v0.22 (different ones, always). The
// rules' order (XValidation, AtMostOneOf, ExactlyOneOf, AtLeastOneOf) is
// every version's; a named pointer type's doc and rule are kept.
func TestControllerGenVersions(t *testing.T) {
	spec := func(version string) apiextv1.JSONSchemaProps {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "crd")
		outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/flatten/v1"}, OutputFile: outputFile, CRDDir: dir, ControllerGenVersion: version})
		if err != nil {
			t.Fatalf("%s: %v", version, err)
		}
		crd := crdOutput(t, outs, filepath.Join(dir, "flatten.example.com_spaces.yaml"))
		return crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	}
	rules := func(s apiextv1.JSONSchemaProps) []string {
		var out []string
		for _, r := range s.XValidations {
			out = append(out, r.Rule)
		}
		return out
	}
	const guard = "!has(self.c) || self.c != 'x'"
	cases := []struct {
		version string
		choice  []string
		allOf   int // of the field whose enum is not its type's
	}{
		{"", []string{guard, "(has(self.c)?1:0)+(has(self.e)?1:0) <= 1", "(has(self.c)?1:0)+(has(self.d)?1:0) == 1", "has(self.e)||has(self.f)"}, 0},
		{"v0.22.0", []string{guard, "(has(self.c)?1:0)+(has(self.e)?1:0) <= 1", "(has(self.c)?1:0)+(has(self.d)?1:0) == 1", "has(self.e)||has(self.f)"}, 0},
		{"v0.21.0", []string{guard, "[has(self.c),has(self.e)].filter(x,x==true).size() <= 1", "[has(self.c),has(self.d)].filter(x,x==true).size() == 1", "[has(self.e),has(self.f)].filter(x,x==true).size() >= 1"}, 0},
		{"v0.20.1", []string{guard, "[has(self.c),has(self.e)].filter(x,x==true).size() <= 1", "[has(self.c),has(self.d)].filter(x,x==true).size() == 1", "[has(self.e),has(self.f)].filter(x,x==true).size() >= 1"}, 2},
	}
	for _, c := range cases {
		s := spec(c.version)
		if got := rules(s.Properties["choice"]); !slices.Equal(got, c.choice) {
			t.Errorf("%q: choice's rules:\n got %q\nwant %q", c.version, got, c.choice)
		}
		if got := len(s.Properties["fewer"].AllOf); got != c.allOf {
			t.Errorf("%q: fewer has %d allOf entries, want %d", c.version, got, c.allOf)
		}
		share := s.Properties["share"]
		if share.Description != "Percent is a named pointer type with a rule of its own." || len(share.XValidations) != 1 {
			t.Errorf("%q: share (a named pointer type) lost its type's doc or rule: %+v", c.version, share)
		}
		// A struct's maxProperties and its embedded struct's: both under
		// allOf where they differ, and before v0.22 where they are alike.
		one, two := ptrInt64(1), ptrInt64(2)
		bounded := []apiextv1.JSONSchemaProps{{MaxProperties: one}, {MaxProperties: one}}
		if c.version == "" || c.version == "v0.22.0" {
			bounded = nil
		}
		if got := s.Properties["bounded"]; !reflect.DeepEqual(got.AllOf, bounded) || (bounded == nil) != (got.MaxProperties != nil) {
			t.Errorf("%q: bounded's maxProperties %v, allOf %+v; want allOf %+v", c.version, deref(got.MaxProperties), got.AllOf, bounded)
		}
		if got := s.Properties["wider"]; !reflect.DeepEqual(got.AllOf, []apiextv1.JSONSchemaProps{{MaxProperties: one}, {MaxProperties: two}}) || got.MaxProperties != nil {
			t.Errorf("%q: wider's maxProperties %v, allOf %+v; want both bounds under allOf, the embedded struct's first", c.version, deref(got.MaxProperties), got.AllOf)
		}
	}
	if _, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/flatten/v1"}, OutputFile: outputFile, ControllerGenVersion: "1.2"}); err == nil || !strings.Contains(err.Error(), `"1.2" is not v0.<minor>`) {
		t.Errorf("a version not of controller-gen's form: %v", err)
	}
	// Before v0.14 a comment's lines were joined: not followed.
	if _, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/flatten/v1"}, OutputFile: outputFile, ControllerGenVersion: "v0.13.0"}); err == nil || !strings.Contains(err.Error(), "v0.13.0 is older than v0.14.0") {
		t.Errorf("a version before v0.14: %v", err)
	}
	if _, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/flatten/v1"}, OutputFile: outputFile, ControllerGenVersion: "v0.16.0"}); err != nil {
		t.Errorf("v0.16.0: %v", err)
	}
}

// controller-gen v0.15 (authorino's, fluent-operator's CRDs) and v0.14
// (velero v1.14's, which read no items: marker) write
// descriptions with every line kept and two blank lines between
// paragraphs, reads neither +default nor +required (but writes
// corev1.Protocol with its default, TCP), decides a field's
// presence by its package's default first, and keeps the CEL rules of a
// field and of its type, or of a struct and of a struct it embeds, as
// entries of allOf (where the API server refuses them; a warning says
// so). The values pinned are controller-gen v0.15.0's and v0.14.0's, run
// on testdata/v015 (test/kubebuilder's TestControllerGenOldVersions runs
// them); the default version writes v0.16's.
func TestControllerGenV015(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "crd")
	rules := func(rs ...string) apiextv1.ValidationRules {
		var out apiextv1.ValidationRules
		for i := 0; i < len(rs); i += 2 {
			out = append(out, apiextv1.ValidationRule{Rule: rs[i], Message: rs[i+1]})
		}
		return out
	}
	three := int64(3)
	v015 := []struct {
		version, root, code, star string
		count                     string // its default
		proto                     string // its default: corev1.Protocol's before v0.16
		required                  []string
		ruled, embedding          apiextv1.ValidationRules
		ruledAllOf, embAllOf      []apiextv1.JSONSchemaProps
		tagsMaxLength             *int64 // of the items, an items: marker's
		warnings                  []string
	}{
		{version: "v0.15.0", tagsMaxLength: &three, proto: `"TCP"`,
			root:       "Widget is a kind.\n\n\nIt has two paragraphs.\nTODO: a note to implementers.",
			code:       "code keeps fenced lines:\n```\nTODO inside a fence\n```\nTODO: outside.\n\n\nAfter two blank lines.",
			star:       "star comment\nwith indent\n\n\nand a paragraph",
			ruledAllOf: []apiextv1.JSONSchemaProps{{XValidations: rules("self.a != 'x'", "type rule")}, {XValidations: rules("self.a != 'w'", "field rule")}},
			embedding:  rules("self.c != 'v'", "field rule on embedding"),
			embAllOf:   []apiextv1.JSONSchemaProps{{XValidations: rules("self.b != 'y'", "base rule")}, {XValidations: rules("self.c != 'z'", "own rule")}},
			warnings: []string{
				"types.go:49: +default=5: controller-gen reads +default from v0.16 on",
				"types.go:53: +required: controller-gen reads +required from v0.16 on",
				"types.go:58: the API server would reject CRD widgets.v015.example.com at properties[spec].properties[ruled].allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural (controller-gen before v0.16 writes the CEL rules of a field and of its type",
				"types.go:62: the API server would reject CRD widgets.v015.example.com at properties[spec].properties[embedding].allOf[0].x-kubernetes-validations",
				"types.go:79: +kubebuilder:validation:Required: the package's fields are required by default, and controller-gen before v0.16 then makes a field optional by omitempty",
			}},
		{version: "",
			tagsMaxLength: &three,
			root:          "Widget is a kind.\n\nIt has two paragraphs.",
			code:          "code keeps fenced lines:\n```\nTODO inside a fence\n```\n\nAfter two blank lines.",
			star:          "star comment\nwith indent\n\nand a paragraph",
			count:         "5",
			required:      []string{"name", "req"},
			ruled:         rules("self.a != 'w'", "field rule", "self.a != 'x'", "type rule"),
			embedding:     rules("self.c != 'v'", "field rule on embedding", "self.c != 'z'", "own rule", "self.b != 'y'", "base rule")},
	}
	// v0.14.0 (velero v1.14's) writes v0.15's CRD but for the items:
	// marker, which it does not read.
	v014 := v015[0]
	v014.version, v014.tagsMaxLength = "v0.14.0", nil
	v014.warnings = append(slices.Clone(v014.warnings), "types.go:85: +kubebuilder:validation:items:MaxLength=3: controller-gen reads +kubebuilder:validation:items: markers from v0.15 on")
	for _, c := range append(v015, v014) {
		outs, ws, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/v015/v1"}, OutputFile: outputFile, CRDDir: dir, ControllerGenVersion: c.version})
		if err != nil {
			t.Fatalf("%q: %v", c.version, err)
		}
		root := crdOutput(t, outs, filepath.Join(dir, "v015.example.com_widgets.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema
		spec := root.Properties["spec"]
		count, proto := "", ""
		if d := spec.Properties["count"].Default; d != nil {
			count = string(d.Raw)
		}
		if d := spec.Properties["proto"].Default; d != nil {
			proto = string(d.Raw)
		}
		for _, g := range []struct {
			what      string
			got, want any
		}{
			{"the kind's description", root.Description, c.root},
			{"code's description", spec.Properties["code"].Description, c.code},
			{"star's description", spec.Properties["star"].Description, c.star},
			{"count's default", count, c.count},
			{"required", spec.Required, c.required},
			{"ruled's rules", spec.Properties["ruled"].XValidations, c.ruled},
			{"ruled's allOf", spec.Properties["ruled"].AllOf, c.ruledAllOf},
			{"embedding's rules", spec.Properties["embedding"].XValidations, c.embedding},
			{"embedding's allOf", spec.Properties["embedding"].AllOf, c.embAllOf},
			{"tags' items' maxLength", spec.Properties["tags"].Items.Schema.MaxLength, c.tagsMaxLength},
			{"proto's default", proto, c.proto},
		} {
			if !reflect.DeepEqual(g.got, g.want) {
				t.Errorf("%q: %s: got %#v, want %#v", c.version, g.what, g.got, g.want)
			}
		}
		// A kind's own rules and those of a struct it embeds: before
		// v0.16 the kind's first, under allOf; since, the embedded one's
		// first, in one list.
		gadget := crdOutput(t, outs, filepath.Join(dir, "v015.example.com_gadgets.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema
		gadgetRules, gadgetAllOf := rules("has(self.stamp)", "stamp", "has(self.spec)", "own"), []apiextv1.JSONSchemaProps(nil)
		if c.version != "" {
			gadgetRules, gadgetAllOf = nil, []apiextv1.JSONSchemaProps{{XValidations: rules("has(self.spec)", "own")}, {XValidations: rules("has(self.stamp)", "stamp")}}
		}
		if !reflect.DeepEqual(gadget.XValidations, gadgetRules) || !reflect.DeepEqual(gadget.AllOf, gadgetAllOf) {
			t.Errorf("%q: the gadget's rules %v and allOf %v, want %v and %v", c.version, gadget.XValidations, gadget.AllOf, gadgetRules, gadgetAllOf)
		}
		var got []string
		for _, w := range ws {
			if !strings.Contains(w.Error(), "without has(") && !strings.Contains(w.Error(), "gadget") {
				got = append(got, w.Error())
			}
		}
		if len(got) != len(c.warnings) {
			t.Fatalf("%q: warnings\n%s\nwant %d", c.version, strings.Join(got, "\n"), len(c.warnings))
		}
		for i, w := range c.warnings {
			if !strings.Contains(got[i], w) {
				t.Errorf("%q: warning\n%s\nwant it to hold\n%s", c.version, got[i], w)
			}
		}
	}
}

// A package outside the run's main modules that does not parse with the
// Go that built validation-gen (a newer Go's standard library: Go 1.27's
// generic methods, for external-dns, whose go line is 1.27.0, under a
// validation-gen built by Go 1.26) stops nothing: what parsed is read, as
// controller-gen reads such a package, and one warning names the package,
// the line and the fix; --strict leaves it a warning. A package of the
// run's own module that does not parse is still an error.
func TestUnparsedDependency(t *testing.T) {
	const newer = "package dep\n\n// Name is a name.\n// +kubebuilder:validation:MaxLength=5\ntype Name string\n\ntype Rand struct{}\n\n// N is a generic method (Go 1.27).\nfunc (r *Rand) N[I ~int]() I { return 0 }\n"
	types := "// +groupName=deps.example.com\npackage v1\n\nimport (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\n\t\"example.com/dep\"\n)\n\n" +
		"type Spec struct {\n\tName dep.Name `json:\"name,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n\n" +
		"func (in *Thing) DeepCopyObject() runtime.Object { return in }\n"
	dir := tempModule(t, map[string]string{"dep/go.mod": "module example.com/dep\n\ngo 1.26.0\n", "dep/dep.go": newer, "api/v1/types.go": types})
	// example.com/dep is a module of its own, outside the run's main module.
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		crdDir := filepath.Join(t.TempDir(), "crd")
		outs, ws, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir, Strict: strict})
		if err != nil {
			t.Fatalf("strict %v: a dependency that does not parse stopped the run: %v", strict, err)
		}
		name := crdOutput(t, outs, filepath.Join(crdDir, "deps.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["name"]
		if name.Type != "string" || name.MaxLength == nil || *name.MaxLength != 5 || name.Description != "Name is a name." {
			t.Errorf("strict %v: spec.name %+v, want dep.Name's schema, read from what parsed", strict, name)
		}
		if len(ws) != 1 || ws[0].Kind != markers.UnparsedDependency || !strings.Contains(ws[0].Error(), "dep.go:10: package example.com/dep, outside the run, does not parse with go1.") || !strings.Contains(ws[0].Error(), "fix: run validation-gen built by the module's Go") {
			t.Errorf("strict %v: warnings %v, want one unparsed-dependency warning at the method", strict, ws)
		}
	}
	// The same file in the run's own module.
	own := tempModule(t, map[string]string{"dep/dep.go": newer, "api/v1/types.go": strings.Replace(types, `"example.com/dep"`, `"example.com/safe/dep"`, 1)})
	if _, _, err := generators.Run(generators.Config{Dir: own, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(t.TempDir(), "crd")}); err == nil || !strings.Contains(err.Error(), "method must have no type parameters") {
		t.Errorf("the run's own module: want the parse error, got %v", err)
	}
}

// crdOutput is the CRD a run's outputs hold at path (none: a CRD without
// versions).
func crdOutput(t *testing.T, outs []generators.Output, path string) apiextv1.CustomResourceDefinition {
	t.Helper()
	var crd apiextv1.CustomResourceDefinition
	for _, o := range outs {
		if o.Path == path {
			if err := yaml.UnmarshalStrict(o.Content, &crd); err != nil {
				t.Fatal(err)
			}
		}
	}
	return crd
}

// The +k8s: tags and omitzero as the controller-gen followed reads them:
// +k8s:enum and +k8s:immutable from v0.21 (before, a warning that nothing
// checks them), +k8s:listType from v0.22 and +k8s:minimum from v0.23
// (before, applied beyond controller-gen with a k8s-tag-applied warning),
// +k8s:required's minimums from v0.23, omitzero as omitempty from v0.22.
func TestControllerGenVersionsK8sTags(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\n" +
		"// +k8s:enum\ntype Mode string\n\nconst (\n\tModeA Mode = \"A\"\n\tModeB Mode = \"B\"\n)\n\n" +
		"type Spec struct {\n\t// +k8s:required\n\tName string `json:\"name\"`\n\t// +optional\n\t// +k8s:minimum=1\n\tCount int32 `json:\"count,omitempty\"`\n" +
		"\t// +optional\n\t// +k8s:listType=set\n\tTags []string `json:\"tags,omitempty\"`\n\t// +optional\n\tMode Mode `json:\"mode,omitempty\"`\n" +
		"\t// +optional\n\t// +k8s:immutable\n\tID string `json:\"id,omitempty\"`\n\tZero *string `json:\"zero,omitzero\"`\n}\n"
	cfg := cgModule(t, types)
	for _, c := range []struct {
		version  string
		required []string
		minLen   bool // name's minLength, +k8s:required's
		minimum  bool
		listType bool
		enum     bool
		rules    int
		warnings []string
	}{
		{"v0.23.0", []string{"name"}, true, true, true, true, 1, nil},
		{"v0.22.0", []string{"name"}, false, true, true, true, 1, []string{"k8s-tag-applied +k8s:minimum=1"}},
		{"v0.21.0", []string{"name", "zero"}, false, true, true, true, 1, []string{"k8s-tag-applied +k8s:listType=set", "k8s-tag-applied +k8s:minimum=1"}},
		{"v0.20.1", []string{"name", "zero"}, false, true, true, false, 0, []string{"k8s-tag-applied +k8s:listType=set", "k8s-tag-applied +k8s:minimum=1", "k8s-tag-not-applied +k8s:enum", "k8s-tag-not-applied +k8s:immutable"}},
	} {
		cfg.ControllerGenVersion = c.version
		outs, warnings, err := generators.Run(cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.version, err)
		}
		spec := crdOutput(t, outs, filepath.Join(cfg.CRDDir, "g.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		got := fmt.Sprintf("%q %v %v %v %v %d", spec.Required, spec.Properties["name"].MinLength != nil, spec.Properties["count"].Minimum != nil,
			spec.Properties["tags"].XListType != nil, len(spec.Properties["mode"].Enum) > 0, len(spec.Properties["id"].XValidations))
		want := fmt.Sprintf("%q %v %v %v %v %d", c.required, c.minLen, c.minimum, c.listType, c.enum, c.rules)
		if got != want {
			t.Errorf("%s: required, minLength, minimum, list type, enum, rules:\n got %s\nwant %s", c.version, got, want)
		}
		var ws []string
		for _, w := range warnings {
			if w.Kind != markers.NotRegistered {
				ws = append(ws, string(w.Kind)+" +"+w.Tag)
			}
		}
		slices.Sort(ws)
		if !slices.Equal(ws, c.warnings) {
			t.Errorf("%s: warnings %q, want %q", c.version, ws, c.warnings)
		}
	}
}

// Two +groupName lines in a package (katib's doc.go and register.go): in
// controller-gen's reading the first, in the order of the files, is the
// package's, as controller-gen takes it, and the other is a contradiction
// warning at its line (+versionName alike); in Kubernetes' reading, a
// mistake.
func TestTwoGroupNames(t *testing.T) {
	const kind = "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{
		"api/v1/doc.go":      "// +groupName=first.example.com\n// +versionName=v1\npackage v1\n",
		"api/v1/register.go": "// +groupName=second.example.com\n// +groupName=first.example.com\n// +versionName=v2\npackage v1\n",
		"api/v1/types.go":    kind,
	})
	crds := t.TempDir()
	outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds})
	if err != nil {
		t.Fatal(err)
	}
	c := crdOutput(t, outs, filepath.Join(crds, "first.example.com_widgets.yaml"))
	if c.Spec.Group != "first.example.com" || c.Spec.Versions[0].Name != "v1" {
		t.Errorf("group %s, version %s; want first.example.com, v1", c.Spec.Group, c.Spec.Versions[0].Name)
	}
	var got []string
	for _, w := range warnings {
		if w.Kind != markers.NotRegistered { // no deep copies here
			got = append(got, fmt.Sprintf("%s:%d: %s: %s", filepath.Base(w.Pos.Filename), w.Pos.Line, w.Kind, w.Msg))
		}
	}
	want := []string{
		"register.go:1: contradiction: the package already has +groupName=first.example.com (doc.go:1), the first in the order of its files; this +groupName (second.example.com) is not read",
		"register.go:3: contradiction: the package already has +versionName=v1 (doc.go:2), the first in the order of its files; this +versionName (v2) is not read",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	k8s := tempModule(t, map[string]string{
		"api/v1/doc.go":      "// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil\n// +groupName=first.example.com\npackage v1\n",
		"api/v1/register.go": "// +groupName=second.example.com\npackage v1\n",
		"api/v1/types.go":    kindTypes("Widget"),
	})
	_, _, err = generators.Run(generators.Config{Dir: k8s, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "register.go:1: +groupName=second.example.com: the package already has +groupName=first.example.com (doc.go:3): a package is one API group; fix: delete this line, or the other") {
		t.Errorf("Kubernetes' reading: want an error at the second +groupName, got %v", err)
	}
}

// A struct named as a kind of its group, in another package of the run,
// but no kind (tink's v1alpha1 OSIE): controller-gen looks a kind up by
// name in every package of its group and makes it a version of the kind's
// CRD, and so does validation-gen, with a kind-namesake warning at the
// struct. The oracle in test/kubebuilder compares the CRD with
// controller-gen's.
func TestKindNamesake(t *testing.T) {
	crdDir := t.TempDir()
	outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/namesake/..."}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatal(err)
	}
	c := crdOutput(t, outs, filepath.Join(crdDir, "namesake.example.com_sprockets.yaml"))
	if len(c.Spec.Versions) != 2 {
		t.Fatalf("versions %v, want v1 and v2", c.Spec.Versions)
	}
	v1, v2 := c.Spec.Versions[0], c.Spec.Versions[1]
	if v1.Name != "v1" || !v1.Served || v1.Storage || v2.Name != "v2" || !v2.Storage {
		t.Errorf("v1 %s served %v storage %v, v2 %s storage %v; want v1 served, v2 stored", v1.Name, v1.Served, v1.Storage, v2.Name, v2.Storage)
	}
	if s := v1.Schema.OpenAPIV3Schema; s.Type != "object" || len(s.Properties) != 1 || s.Properties["url"].Type != "string" {
		t.Errorf("v1's schema %+v, want the struct's: an object of url", s)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "testdata/namesake/v1/types.go:9: type Sprocket is no kind (it does not embed TypeMeta and ObjectMeta) but has the name of kind Sprocket of group namesake.example.com (testdata/namesake/v2/types.go:11)") {
		t.Errorf("want one kind-namesake warning at v1's Sprocket, got %q", got)
	}
	for _, o := range outs {
		if strings.Contains(o.Path, filepath.Join("namesake", "v1")) {
			t.Errorf("a validation file for v1, which has no kind: %s", o.Path)
		}
	}
}

// A type that contains itself, in a package written for controller-gen
// (VictoriaMetrics' Route, authorino's PatternExpressionOrRef):
// controller-gen describes it down to where it recurs and writes an empty
// schema there with only the referring field's markers, and so does
// validation-gen, where it refused the types before. A kind's own type is
// described once more (controller-gen does not count it as being
// described); a type met again later keeps its empty node. Where the
// empty node has no type the API server rejects the CRD: a server-rejects
// warning at the field, saying the type recurs and what mends it; a
// Schemaless field without a type gets its own fix. The oracle in
// test/kubebuilder compares the CRDs with controller-gen's.
func TestRecursiveTypes(t *testing.T) {
	crdDir := t.TempDir()
	outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/recursive/v1"}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatal(err)
	}
	routers := crdOutput(t, outs, filepath.Join(crdDir, "recursive.example.com_routers.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	route := routers.Properties["route"]
	if items := route.Properties["routes"].Items; items == nil || !reflect.DeepEqual(*items.Schema, apiextv1.JSONSchemaProps{Description: "SubRoute is a route below a route."}) {
		t.Errorf("route.routes.items %+v, want SubRoute's description alone", items)
	}
	if route.Properties["routes"].MaxItems == nil || route.Properties["receiver"].MinLength == nil {
		t.Errorf("route %+v, want the markers of its fields", route)
	}
	if got := routers.Properties["node"].Properties["next"]; got.Type != "object" || got.XPreserveUnknownFields == nil {
		t.Errorf("node.next %+v, want its own markers: an object kept as it is", got)
	}
	widgets := crdOutput(t, outs, filepath.Join(crdDir, "recursive.example.com_widgets.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	template := widgets.Properties["template"]
	if _, ok := template.Properties["apiVersion"]; !ok || !reflect.DeepEqual(template.Properties["spec"], apiextv1.JSONSchemaProps{}) {
		t.Errorf("widget.template %+v, want the Widget described once more, its spec empty", template)
	}
	if got := widgets.Properties["sub"]; !reflect.DeepEqual(got, apiextv1.JSONSchemaProps{Description: "Sub is a route below a route, as the Router's."}) {
		t.Errorf("widget.sub %+v, want SubRoute as the Router's CRD left it: empty", got)
	}
	const recurs = "contains itself, and where it recurs controller-gen writes an empty schema with only the referring field's own markers); controller-gen writes the CRD as it is, and the API server refuses it when it is applied; " +
		"fix: mark this field +kubebuilder:validation:Schemaless and +kubebuilder:pruning:PreserveUnknownFields (the server then keeps what it holds, unchecked), or break the recursion"
	want := []string{
		"testdata/recursive/v1/types.go:27: the API server would reject CRD routers.recursive.example.com at properties[spec].properties[loose].type: Required value: must not be empty for specified object fields; controller-gen writes the CRD as it is, and the API server refuses it when it is applied; " +
			"fix: give the field a type (+kubebuilder:validation:Type=<its JSON type>), or mark it +kubebuilder:pruning:PreserveUnknownFields, which keeps what it holds unchecked; +kubebuilder:validation:Schemaless alone leaves it without either",
		"testdata/recursive/v1/types.go:36: the API server would reject CRD routers.recursive.example.com at properties[spec].properties[route].properties[routes].items.type: Required value: must not be empty for specified array items (type v1.Route " + recurs,
		"testdata/recursive/v1/types.go:46: the API server would reject CRD routers.recursive.example.com at properties[spec].properties[tree].properties[children].additionalProperties.type: Required value: must not be empty for specified object fields (type v1.Tree " + recurs,
		"testdata/recursive/v1/types.go:57: the API server would reject CRD routers.recursive.example.com at properties[spec].properties[left].properties[right].properties[left].type: Required value: must not be empty for specified object fields (type v1.Left " + recurs,
		"testdata/recursive/v1/types.go:87: the API server would reject CRD widgets.recursive.example.com at properties[spec].properties[template].properties[spec].type: Required value: must not be empty for specified object fields (type v1.WidgetSpec " + recurs,
		"testdata/recursive/v1/types.go:96: the API server would reject CRD widgets.recursive.example.com at properties[spec].properties[sub].type: Required value: must not be empty for specified object fields (type v1.Route " + recurs,
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.Error())
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The validators check what the schema describes, down to where the
	// type recurs, and compile.
	vetWith(t, outs, "./testdata/recursive/v1")
}

// A type that contains itself reached from two fields of one struct:
// controller-gen's flattener walks a schema's properties as a Go map, and
// the field it reaches first describes the type, the other getting what
// is left; its CRD changes from run to run. validation-gen takes the
// fields in their order in the struct: the CRD is one of
// controller-gen's, every time (docs/kubebuilder.md).
func TestRecursiveTypeFromSiblings(t *testing.T) {
	var first []byte
	for range 3 {
		crdDir := t.TempDir()
		outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/recursive/siblings"}, OutputFile: outputFile, CRDDir: crdDir})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(crdDir, "siblings.example.com_gates.yaml")
		spec := crdOutput(t, outs, path).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		if items := spec.Properties["first"].Properties["routes"].Items; items == nil || !reflect.DeepEqual(*items.Schema, apiextv1.JSONSchemaProps{Description: "SubRoute is a route below a route."}) {
			t.Errorf("first.routes.items %+v, want SubRoute as the first field leaves it: its description alone", items)
		}
		if got := spec.Properties["second"]; !reflect.DeepEqual(got, apiextv1.JSONSchemaProps{Description: "Second is a route below a route."}) {
			t.Errorf("second %+v, want SubRoute as the first field left it: empty", got)
		}
		for _, o := range outs {
			if o.Path == path {
				if first != nil && !bytes.Equal(o.Content, first) {
					t.Errorf("the CRD differs from the first run's")
				}
				first = o.Content
			}
		}
	}
}

// A field of a named byte-slice type of another package (json.RawMessage)
// is a base64 string, as every controller-gen version writes it; v0.23.0
// writes the same CRD and then exits 1 ("conflicting types in allOf
// branches in schema: string vs array": its reference to a named slice
// type of another package says array). validation-gen, which follows
// v0.23.0's CRDs, does not follow that failure (docs/kubebuilder.md,
// operator-framework/api's descriptors in a probe).
func TestRawMessageFieldAsControllerGenWritesIt(t *testing.T) {
	const types = "// +groupName=raw.example.com\npackage v1\n\nimport (\n\t\"encoding/json\"\n\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n)\n\n" +
		"type Spec struct {\n\tValue json.RawMessage `json:\"value,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/types.go": types})
	crdDir := filepath.Join(t.TempDir(), "crd")
	for _, version := range []string{"", "v0.22.0"} {
		outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir, ControllerGenVersion: version})
		if err != nil {
			t.Fatalf("controller-gen %q: %v", version, err)
		}
		v := crdOutput(t, outs, filepath.Join(crdDir, "raw.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["value"]
		if v.Type != "string" || v.Format != "byte" || !strings.HasPrefix(v.Description, "RawMessage is a raw encoded JSON value.") {
			t.Errorf("controller-gen %q: value %+v, want a base64 string with RawMessage's description", version, v)
		}
	}
}

func ptrInt64(v int64) *int64 { return &v }

// What the Go validator cannot check of a type declared outside the run
// (a pattern on a []byte, whose base64 the server matches) does not stop
// the run: the CRD keeps it, as controller-gen writes it, the Go validator
// leaves it to the server, and an outside-the-run warning names it. In the
// run's own package it stays an error.
func TestUncheckedKeywordOfADependency(t *testing.T) {
	const dep = "package dep\n\n// Blob is bytes.\ntype Blob struct {\n\t// +kubebuilder:validation:Pattern=`^[a-z]+$`\n\tData []byte `json:\"data,omitempty\"`\n}\n"
	kind := func(field string) string {
		return "// +groupName=deps.example.com\npackage v1\n\nimport (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n\t\"example.com/safe/dep\"\n)\n\n" +
			"type Spec struct {\n\tBlob *dep.Blob `json:\"blob,omitempty\"`\n" + field + "}\n\n" +
			"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n"
	}
	dir := tempModule(t, map[string]string{"dep/dep.go": dep, "api/v1/types.go": kind("")})
	crdDir := filepath.Join(t.TempDir(), "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatalf("a dependency's keyword stopped the run: %v", err)
	}
	data := crdOutput(t, outs, filepath.Join(crdDir, "deps.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["blob"].Properties["data"]
	if data.Pattern != "^[a-z]+$" || data.Format != "byte" {
		t.Errorf("blob.data %+v, want controller-gen's: a byte string with its pattern", data)
	}
	var outside []*markers.Warning
	for _, w := range warnings {
		if w.Kind == markers.OutsideTheRun {
			outside = append(outside, w)
		}
	}
	if len(outside) != 1 || !strings.Contains(outside[0].Msg, "dep.go:6: [pattern] on a []byte is not checked by the Go validator (left to the API server, whose CRD has it)") {
		t.Errorf("warnings %v, want one outside-the-run warning naming the pattern", warnings)
	} else if m := outside[0].Msg; !strings.HasPrefix(m, "a marker problem in example.com/safe, ") || strings.Contains(m, "the first") || !strings.Contains(m, "; it does not stop the run") {
		t.Errorf("one problem told of as several: %s", m)
	}
	// The same keyword on the run's own type.
	own := tempModule(t, map[string]string{"dep/dep.go": dep, "api/v1/types.go": kind("\t// +kubebuilder:validation:Pattern=`^[a-z]+$`\n\tData []byte `json:\"data,omitempty\"`\n")})
	if _, _, err := generators.Run(generators.Config{Dir: own, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(t.TempDir(), "crd")}); err == nil || !strings.Contains(err.Error(), "types.go:13: [pattern] on a []byte is not checked by the Go validator") {
		t.Errorf("the run's own keyword: want the error at the field, got %v", err)
	}
}
