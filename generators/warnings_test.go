package generators_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/markers"
)

// TestWarnings: in a package written for controller-gen, what controller-gen
// passes over in silence is a warning (golden in testdata/warn/want.txt;
// -update rewrites it) with file:line, what controller-gen does and a fix,
// and the run goes on; with Strict each is an error and nothing is
// produced. The CRD of the package is compared with controller-gen's own
// in test/kubebuilder (TestControllerGenOracle).
func TestWarnings(t *testing.T) {
	cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/warn/v1"}, OutputFile: outputFile, CRDDir: t.TempDir()}
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatalf("a run with warnings failed: %v", err)
	}
	if len(outs) != 2 {
		t.Errorf("want the validation file and the CRD, got %d outputs", len(outs))
	}
	var got strings.Builder
	for _, w := range warnings {
		got.WriteString(w.Error() + "\n")
		if w.Kind == "" || w.Pos.Filename == "" || w.Pos.Line == 0 || w.Does == "" || w.Fix == "" {
			t.Errorf("a warning lacks its kind, place, what controller-gen does or its fix: %#v", w)
		}
	}
	golden := filepath.Join("testdata", "warn", "want.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("the warnings differ from %s (run go test ./generators -run TestWarnings -update and review the diff):\n got:\n%s", golden, got.String())
	}

	cfg.Strict = true
	outs, warnings, err = generators.Run(cfg)
	if err == nil || outs != nil || warnings != nil {
		t.Fatalf("--strict: want an error and nothing else, got %d outputs, %d warnings, error %v", len(outs), len(warnings), err)
	}
	lines := strings.Split(strings.TrimSpace(string(want)), "\n")
	errLines := strings.Split(err.Error(), "\n")
	if len(errLines) != len(lines) {
		t.Errorf("--strict: %d errors for %d warnings:\n%v", len(errLines), len(lines), err)
	}
	for _, l := range lines {
		pos, _, _ := strings.Cut(l, ": ")
		if !strings.Contains(err.Error(), pos+": ") || !strings.Contains(err.Error(), "--strict makes this warning an error") {
			t.Errorf("--strict: no error at %s:\n%v", pos, err)
		}
	}
}

// TestWarningsOutsideTheRun: the marker problems of a package outside the
// run (here one of the module that is not requested; in a project, a
// dependency in the module cache) are one warning for its module, with the
// first of them, and never stop the run, --strict or not; a malformed
// marker there, an error in a package of the run, is left out.
func TestWarningsOutsideTheRun(t *testing.T) {
	for _, strict := range []bool{false, true} {
		outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/warn/usesdep"}, OutputFile: outputFile, CRDDir: t.TempDir(), Strict: strict})
		if err != nil {
			t.Fatalf("strict=%v: %v", strict, err)
		}
		if len(outs) != 2 {
			t.Errorf("strict=%v: want the validation file and the CRD, got %d outputs", strict, len(outs))
		}
		if len(warnings) != 1 {
			t.Fatalf("strict=%v: want one warning for the module, got %d: %v", strict, len(warnings), warnings)
		}
		w := warnings[0].Error()
		for _, want := range []string{"2 marker problems in github.com/declval/validation-gen, in packages outside this run",
			"(the first: testdata/warn/dep/dep.go:7: +kubebuilder:validation:UniqueItems:true:", "they do not stop the run", "fix: none in this run"} {
			if !strings.Contains(w, want) {
				t.Errorf("strict=%v: the warning does not say %q:\n%s", strict, want, w)
			}
		}
		for _, o := range outs {
			if strings.HasSuffix(o.Path, ".yaml") && strings.Contains(string(o.Content), "minimum") {
				t.Errorf("strict=%v: the malformed +kubebuilder:validation:Minimum=abc of the dependency is in the CRD:\n%s", strict, o.Content)
			}
		}
	}
}

// In controller-gen's dialect, a CRD the API server would refuse (here a
// group under k8s.io without its review's annotation, which projects add
// with tooling of their own) is written as controller-gen writes it, with
// a server-rejects warning and its fix; --strict makes it an error.
func TestServerRejectsIsAWarning(t *testing.T) {
	doc := "// +groupName=policy.networking.k8s.io\npackage v1\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Policy struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	crds := filepath.Join(dir, "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds})
	if err != nil {
		t.Fatal(err)
	}
	wrote := false
	for _, o := range outs {
		wrote = wrote || o.Path == filepath.Join(crds, "policy.networking.k8s.io_policies.yaml")
	}
	var kinds []string
	for _, w := range warnings {
		kinds = append(kinds, string(w.Kind))
	}
	if !wrote || !slices.Contains(kinds, "server-rejects") {
		t.Fatalf("want the CRD written and a server-rejects warning, got CRD %v, warnings %v", wrote, warnings)
	}
	for _, w := range warnings {
		if w.Kind == "server-rejects" && (!strings.Contains(w.Error(), "types.go:6:") || !strings.Contains(w.Error(), `fix: a CRD of a group under k8s.io or kubernetes.io needs the link to the API review`)) {
			t.Errorf("the warning does not name the kind's line and the fix:\n%v", w)
		}
	}
	if _, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds, Strict: true}); err == nil || !strings.Contains(err.Error(), "api-approved.kubernetes.io") {
		t.Errorf("--strict: want an error, got %v", err)
	}
}

// A package written for controller-gen without +groupName has kinds of no
// group and no version (gatekeeper's unversioned packages): the CRD
// controller-gen writes for them (_things.yaml, version "") is written,
// with the server's refusal as warnings that say to add +groupName.
func TestKindsWithoutGroup(t *testing.T) {
	types := "package unversioned\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/unversioned/types.go": types})
	crds := filepath.Join(dir, "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds})
	if err != nil {
		t.Fatal(err)
	}
	var crd []byte
	for _, o := range outs {
		if o.Path == filepath.Join(crds, "_things.yaml") {
			crd = o.Content
		}
	}
	if !strings.Contains(string(crd), "name: things.\n") || !strings.Contains(string(crd), "- name: \"\"\n") {
		t.Errorf("want controller-gen's _things.yaml (name things., version \"\"), got:\n%s", crd)
	}
	// One warning, for the one cause, naming what it breaks; none says
	// the CRD is validation-gen's mistake.
	var rejects []string
	for _, w := range warnings {
		if w.Kind == "server-rejects" {
			rejects = append(rejects, w.Error())
		}
	}
	if len(rejects) != 1 || !strings.Contains(rejects[0], `CRD "things." (metadata.name, spec.group, spec.versions[0].name): its package has no +groupName`) ||
		!strings.Contains(rejects[0], "fix: give the package its API group: +groupName=<group> in its doc.go") {
		t.Errorf("want one server-rejects warning with the +groupName fix, got %q", rejects)
	}
}

// A version marked +kubebuilder:skipversion is left out of the CRD and
// never served: that it has no deep copies (OpenTelemetry's v1beta1
// Instrumentation) is no warning, where the served version's is.
func TestSkippedVersionNeedsNoDeepCopies(t *testing.T) {
	kind := func(v, marker string) string {
		return "package " + v + "\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" + marker +
			"type Gadget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	}
	dir := tempModule(t, map[string]string{
		"api/v1/doc.go": "// +groupName=g.example.com\npackage v1\n", "api/v1/types.go": kind("v1", "// +kubebuilder:object:root=true\n"),
		"api/v2/doc.go": "// +groupName=g.example.com\npackage v2\n", "api/v2/types.go": kind("v2", "// +kubebuilder:skipversion\n//\n// Gadget is not served in v2.\n"),
	})
	_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
	if err != nil {
		t.Fatal(err)
	}
	var at []string
	for _, w := range warnings {
		if w.Kind == "not-registered" {
			at = append(at, filepath.Base(filepath.Dir(w.Pos.Filename)))
		}
	}
	if !slices.Equal(at, []string{"v1"}) {
		t.Errorf("not-registered warnings in %q, want v1's only", at)
	}
}

// A rule over its cost budget is warned of at its XValidation marker,
// on the type that many fields may use (network-policy-api's CIDR), not
// at the field the server's path ends in.
func TestRuleCostWarningAtTheMarker(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:validation:XValidation:rule=\"self.all(x, self.all(y, x == y))\",message=\"all equal\"\ntype Names []string\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +optional\n\tLists []Names `json:\"lists,omitempty\"`\n}\n"
	var at []string
	for _, w := range cgWarnings(t, types, markers.ServerRejects) {
		if strings.Contains(w.Msg, "x-kubernetes-validations[0]") {
			at = append(at, fmt.Sprint(w.Pos.Line))
			// The fix in the package's own markers.
			if !strings.Contains(w.Fix, "+kubebuilder:validation:MaxItems=<n>") || strings.Contains(w.Fix, "+k8s:") {
				t.Errorf("the fix is not in controller-gen's markers: %s", w.Fix)
			}
		}
	}
	if len(at) == 0 || slices.ContainsFunc(at, func(l string) bool { return l != "5" }) {
		t.Errorf("cost warnings at lines %q, want all at the marker, line 5", at)
	}
}

// cgWarnings runs the generator on a controller-gen package of types and
// returns its warnings of kind.
func cgWarnings(t *testing.T, types string, kind markers.WarningKind) []*markers.Warning {
	t.Helper()
	_, warnings, err := generators.Run(cgModule(t, types))
	if err != nil {
		t.Fatal(err)
	}
	var out []*markers.Warning
	for _, w := range warnings {
		if w.Kind == kind {
			out = append(out, w)
		}
	}
	return out
}

// cgWarningTexts are cgWarnings' texts.
func cgWarningTexts(t *testing.T, types string, kind markers.WarningKind) []string {
	t.Helper()
	var out []string
	for _, w := range cgWarnings(t, types, kind) {
		out = append(out, w.Error())
	}
	return out
}

// +kubebuilder:validation:Type=array on raw JSON gives an array schema
// without items, which controller-gen writes and the API server rejects:
// the user's markers, and the warning says how to mend them.
func TestArrayWithoutItemsWarning(t *testing.T) {
	types := "package v1\n\nimport (\n\tapiextv1 \"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1\"\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n)\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +optional\n\t// +kubebuilder:validation:Type=array\n\t// +kubebuilder:validation:Schemaless\n\t// +kubebuilder:pruning:PreserveUnknownFields\n\tList *apiextv1.JSON `json:\"list,omitempty\"`\n}\n"
	rejects := cgWarningTexts(t, types, markers.ServerRejects)
	if len(rejects) != 1 || !strings.Contains(rejects[0], "types.go:16: the API server would reject CRD things.g.example.com at properties[list].items: Required value") ||
		!strings.Contains(rejects[0], "fix: say what the list's items are") {
		t.Errorf("want one server-rejects warning at the field with the fix for the items, got %q", rejects)
	}
}

// A list-map key that is neither required nor defaulted (katib's
// +listMapKey=name over a name with omitempty): controller-gen writes the
// CRD, the API server rejects it; the warning is at the key field, with
// the markers that mend it.
func TestListMapKeyNotRequiredWarning(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +listType=map\n\t// +listMapKey=name\n\tItems []Item `json:\"items,omitempty\"`\n}\n\n" +
		"type Item struct {\n\tName string `json:\"name,omitempty\"`\n\tValue string `json:\"value,omitempty\"`\n}\n"
	rejects := cgWarningTexts(t, types, markers.ServerRejects)
	if len(rejects) != 1 || !strings.Contains(rejects[0], "types.go:15: the API server would reject CRD things.g.example.com at properties[items].items.properties[name].default: Required value: this property is in x-kubernetes-list-map-keys") ||
		!strings.HasSuffix(rejects[0], "fix: mark the key field +kubebuilder:validation:Required, or give it a default (+kubebuilder:default=<value>): every item of a list map has its keys") {
		t.Errorf("want one server-rejects warning at the key with its fix, got %q", rejects)
	}
}

// --crd-ignore-unexported-fields is controller-gen's
// crd:ignoreUnexportedFields=true: unexported fields are left out, where
// without it one without a json tag is refused, as controller-gen refuses
// it, and one with a tag described.
func TestIgnoreUnexportedFields(t *testing.T) {
	doc := "// +groupName=g.example.com\npackage v1\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\tSpec Spec `json:\"spec\"`\n}\n\ntype Spec struct {\n\tName string `json:\"name\"`\n\tcache map[string]int\n\t// +kubebuilder:validation:MinLength=1\n\tnote string `json:\"note\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	crds := filepath.Join(dir, "crd")
	if _, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds}); err == nil || !strings.Contains(err.Error(), "field Spec.cache has no json tag") {
		t.Fatalf("without the option: want the untagged unexported field refused, got %v", err)
	}
	outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crds, CRDIgnoreUnexportedFields: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if strings.HasSuffix(o.Path, ".yaml") && (strings.Contains(string(o.Content), "note") || !strings.Contains(string(o.Content), "name:")) {
			t.Errorf("with the option, the CRD describes note or lacks name:\n%s", o.Content)
		}
	}
}

// A kind without DeepCopyObject is told how to get one: controller-gen
// object writes it for a root type only, so one without
// +kubebuilder:object:root=true is told to add it first.
func TestNotRegisteredFix(t *testing.T) {
	doc := "// +groupName=g.example.com\npackage v1\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Rooted struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n\n" +
		"// Dummy is no root type.\ntype Dummy struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
	if err != nil {
		t.Fatal(err)
	}
	fixes := map[string]string{}
	for _, w := range warnings {
		if w.Kind == "not-registered" {
			fixes[strings.Fields(w.Msg)[0]] = w.Fix
		}
	}
	if !strings.HasPrefix(fixes["*Rooted"], "generate the deep copies first") || !strings.HasPrefix(fixes["*Dummy"], "if it is a kind, add +kubebuilder:object:root=true") {
		t.Errorf("fixes: %q", fixes)
	}
}

// Map keys in controller-gen's dialect (testdata/textkeys/v1): a key of
// a type with a MarshalText method (a value or a pointer receiver, a
// struct or an integer type) is a string in JSON, and controller-gen
// (v0.22 on) accepts it without a schema for the keys (the oracle in
// test/kubebuilder compares the CRD with controller-gen's); the Go
// validator names a value's key by its text. Any other key that is not a
// string is an error naming the field, as controller-gen's.
func TestTextMarshalerMapKeys(t *testing.T) {
	crdDir := filepath.Join(t.TempDir(), "crd")
	outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/textkeys/v1"}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatal(err)
	}
	var crd, src string
	for _, o := range outs {
		switch filepath.Base(o.Path) {
		case "textkeys.example.com_locks.yaml":
			crd = string(o.Content)
		case outputFile:
			src = string(o.Content)
		}
	}
	for _, want := range []string{"byValue:\n                additionalProperties:\n                  description: Item is a map value.\n                  properties:\n                    count:\n                      format: int32\n                      minimum: 1",
		"byPointer:\n                additionalProperties:", "byCode:\n                additionalProperties:\n                  type: string\n"} {
		if !strings.Contains(crd, want) {
			t.Errorf("the CRD lacks\n%s\n in\n%s", want, crd)
		}
	}
	// The compiled CEL rules read keys as Go strings: the server's CEL
	// validator runs the rule on such a map.
	for _, want := range []string{"vgruntime.TextKeys(*&obj.ByValue)", "vgruntime.TextKeys(*&obj.ByPointer)", `on LockSpec.byValue: rule "self.all(k, k != 'x/y')": a map whose keys are not strings`} {
		if !strings.Contains(src, want) {
			t.Errorf("the Go validator does not name the values' keys by their text (%s):\n%s", want, src)
		}
	}

	doc, err := os.ReadFile("testdata/textkeys/v1/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	types, err := os.ReadFile("testdata/textkeys/v1/types.go")
	if err != nil {
		t.Fatal(err)
	}
	noText := strings.Replace(string(types), "func (k ValueKey) MarshalText", "func (k ValueKey) Text", 1)
	dir := tempModule(t, map[string]string{"api/v1/doc.go": string(doc), "api/v1/types.go": noText})
	_, _, err = generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
	if err == nil || !strings.Contains(err.Error(), "types.go:20:") || !strings.Contains(err.Error(), "map keys of map[v1.ValueKey]v1.Item must be strings or implement encoding.TextMarshaler: encoding/json cannot write them") ||
		!strings.Contains(err.Error(), "fix: use a map with string keys, or keys of a type with a MarshalText method") {
		t.Errorf("a struct key without MarshalText: %v", err)
	}
}

// Integer map keys (VPA's map[int]uint32): controller-gen refuses them
// (it exits 1, though it writes the CRD) and so does validation-gen, with
// the reason (encoding/json writes them) and the fix that keeps the Go
// type, which both generators accept.
func TestIntegerMapKeys(t *testing.T) {
	field := "\tWeights map[int]uint32 `json:\"weights,omitempty\"`\n"
	types := func(markers string) string {
		return "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
			"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
			"\t// +optional\n" + markers + field + "}\n"
	}
	_, _, err := generators.Run(cgModule(t, types("")))
	const fix = "+kubebuilder:validation:Schemaless, +kubebuilder:validation:Type=object and +kubebuilder:pruning:PreserveUnknownFields"
	if err == nil || !strings.Contains(err.Error(), "types.go:10: map keys of map[int]uint32 must be strings or implement encoding.TextMarshaler: controller-gen refuses them too") ||
		!strings.Contains(err.Error(), fix) {
		t.Fatalf("want the integer keys refused with the markers' fix, got %v", err)
	}
	cfg := cgModule(t, types("\t// +kubebuilder:validation:Schemaless\n\t// +kubebuilder:validation:Type=object\n\t// +kubebuilder:pruning:PreserveUnknownFields\n"))
	outs, _, err := generators.Run(cfg)
	if err != nil {
		t.Fatalf("the fix as written: %v", err)
	}
	got := crdOutput(t, outs, filepath.Join(cfg.CRDDir, "g.example.com_things.yaml")).Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["weights"]
	if got.Type != "object" || got.XPreserveUnknownFields == nil || !*got.XPreserveUnknownFields || got.AdditionalProperties != nil {
		t.Errorf("the field's schema is not its markers': %+v", got)
	}
}

// Two versions of a kind marked +kubebuilder:storageversion (external-
// snapshotter's group snapshots): controller-gen marks both storage
// versions and writes the CRD, which the API server refuses; so does
// validation-gen, with a server-rejects warning that names the versions
// (an error with --strict).
func TestTwoStorageVersions(t *testing.T) {
	files := map[string]string{}
	for _, v := range []string{"v1", "v2"} {
		files["api/"+v+"/doc.go"] = "// +groupName=g.example.com\npackage " + v + "\n"
		files["api/"+v+"/types.go"] = "package " + v + "\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
			"// +kubebuilder:object:root=true\n// +kubebuilder:storageversion\ntype Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	}
	dir := tempModule(t, files)
	crdDir := filepath.Join(dir, "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatal(err)
	}
	crd := crdOutput(t, outs, filepath.Join(crdDir, "g.example.com_widgets.yaml"))
	if len(crd.Spec.Versions) != 2 || !crd.Spec.Versions[0].Storage || !crd.Spec.Versions[1].Storage {
		t.Errorf("want both versions stored, as controller-gen writes them: %+v", crd.Spec.Versions)
	}
	var found bool
	for _, w := range warnings {
		found = found || w.Kind == markers.ServerRejects && strings.Contains(w.Msg, "must have exactly one version marked as storage version") &&
			w.Fix == "keep +kubebuilder:storageversion on exactly one version's Widget (it is on v1, v2)"
	}
	if !found {
		t.Errorf("no server-rejects warning for the two storage versions: %v", warnings)
	}
	if _, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir, Strict: true}); err == nil || !strings.Contains(err.Error(), "exactly one version marked as storage version") {
		t.Errorf("--strict: %v", err)
	}
}

// A float field in controller-gen's dialect is type: number, without a
// warning: controller-gen refuses it unless crd:allowDangerousTypes=true,
// with which it writes the same (docs/kubebuilder.md, differences).
func TestFloatsWithoutAllowDangerousTypes(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\n" +
		"type ClockSpeed float64\n\ntype Spec struct {\n\t// +kubebuilder:validation:Minimum=0.5\n\tClock ClockSpeed `json:\"clock\"`\n\t// +optional\n\tRatio *float32 `json:\"ratio,omitempty\"`\n}\n"
	cfg := cgModule(t, types)
	crdDir := cfg.CRDDir
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warnings {
		if w.Kind != markers.NotRegistered {
			t.Errorf("a warning: %v", w)
		}
	}
	crd := crdOutput(t, outs, filepath.Join(crdDir, "g.example.com_things.yaml"))
	spec := crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	if c, r := spec.Properties["clock"], spec.Properties["ratio"]; c.Type != "number" || c.Minimum == nil || *c.Minimum != 0.5 || r.Type != "number" {
		t.Errorf("clock %+v, ratio %+v: want type number", c, r)
	}
}

// A package's own marker in the block a blank line above a kind (nginx's
// +kubebuilder:validation:Optional) is the package's, as controller-gen's
// collector moves it: every field is optional but one marked +required;
// in a type's doc comment it stays the type's, which reads none (a
// misplaced-marker warning). The oracle in test/kubebuilder compares the
// CRD with controller-gen's.
func TestPackageMarkersAboveTypes(t *testing.T) {
	crdDir := filepath.Join(t.TempDir(), "crd")
	outs, warnings, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/movedmarkers/v1"}, OutputFile: outputFile, CRDDir: crdDir})
	if err != nil {
		t.Fatal(err)
	}
	crd := crdOutput(t, outs, filepath.Join(crdDir, "movedmarkers.example.com_gates.yaml"))
	root := crd.Spec.Versions[0].Schema.OpenAPIV3Schema
	spec := root.Properties["spec"]
	if len(root.Required) != 0 || !slices.Equal(spec.Required, []string{"name"}) || len(spec.Properties["note"].Required) != 0 {
		t.Errorf("required: root %q, spec %q, note %q; want only spec's name", root.Required, spec.Required, spec.Properties["note"].Required)
	}
	if len(warnings) != 1 || warnings[0].Kind != markers.MisplacedMarker || warnings[0].Pos.Line != 35 {
		t.Errorf("want one misplaced-marker warning, at Note's doc comment (line 35): %v", warnings)
	}
	// Each metadata line adds its entries; "a=1;b=2" is one.
	if want := map[string]string{"a.example.com/one": "1;a.example.com/two=2", "b.example.com/three": "3", "b.example.com/four": "4"}; !maps.Equal(crd.Annotations, want) {
		t.Errorf("annotations %q, want %q", crd.Annotations, want)
	}
	if want := map[string]string{"l1": "x", "l2": "y"}; !maps.Equal(crd.Labels, want) {
		t.Errorf("labels %q, want %q", crd.Labels, want)
	}
	// a;b on a list: a list, as controller-gen reads it, and no warning
	// that the default breaks the schema.
	tags := spec.Properties["note"].Properties["tags"]
	if tags.Default == nil || string(tags.Default.Raw) != `["A","B"]` || tags.Example == nil || string(tags.Example.Raw) != `["x","y"]` {
		t.Errorf("tags' default %s and example %s, want the lists [\"A\",\"B\"] and [\"x\",\"y\"]", tags.Default, tags.Example)
	}
}

// A kubebuilder marker controller-gen does not know, on a kind (Kong's
// +kubebuilder:subresource:finalizer), is an unknown-marker warning in a
// package written for controller-gen, which passes over it: the CRD is
// written, without it; --strict makes it an error. (In a package read as
// Kubernetes reads it, it is an error: crdbad/unknown-marker.)
func TestUnknownKindMarkerIsAWarning(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n// +kubebuilder:subresource:finalizer\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	cfg := cgModule(t, types)
	crdDir := cfg.CRDDir
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if crd := crdOutput(t, outs, filepath.Join(crdDir, "g.example.com_things.yaml")); len(crd.Spec.Versions) != 1 || crd.Spec.Versions[0].Subresources == nil || crd.Spec.Versions[0].Subresources.Status == nil {
		t.Errorf("the CRD is not written with its status subresource: %+v", crd.Spec.Versions)
	}
	found := false
	for _, w := range warnings {
		found = found || w.Kind == markers.UnknownMarker && w.Pos.Line == 7 && w.Tag == "kubebuilder:subresource:finalizer"
	}
	if !found {
		t.Errorf("no unknown-marker warning at line 7: %v", warnings)
	}
	if _, _, err := generators.Run(generators.Config{Dir: cfg.Dir, Patterns: cfg.Patterns, OutputFile: outputFile, CRDDir: crdDir, Strict: true}); err == nil || !strings.Contains(err.Error(), "types.go:7: +kubebuilder:subresource:finalizer: unknown kubebuilder marker") {
		t.Errorf("--strict: %v", err)
	}
}

// cgModule writes a package written for controller-gen (api/v1 of group
// g.example.com) with the given types.go into a new module, and returns
// the run's configuration for it, its CRDs in crd/.
func cgModule(t *testing.T, types string) generators.Config {
	t.Helper()
	dir := tempModule(t, map[string]string{"api/v1/doc.go": "// +groupName=g.example.com\npackage v1\n", "api/v1/types.go": types})
	return generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")}
}

// Another mark where a marker's first colon goes (tink's
// +kubebuilder+validation:Pattern on a field): both generators pass over
// the line, so it is a near-miss warning with the marker as meant.
func TestNearMissColon(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +kubebuilder+validation:Pattern=`^a$`\n\tNetmask string `json:\"netmask,omitempty\"`\n}\n"
	got := cgWarningTexts(t, types, markers.NearMiss)
	if len(got) != 1 || !strings.Contains(got[0], "types.go:9: ") || !strings.HasSuffix(got[0], "fix: write +kubebuilder:validation:Pattern=`^a$`") {
		t.Errorf("want one near-miss warning at the line with the marker as meant, got %q", got)
	}
}

// A line of a kind that no marker reads gets one warning (solr-operator's
// +kubebuilder:categories=all had two: the CRD markers' and the schema
// markers'), whose fix names the CRD marker a key of which it spells; an
// unknown CRD marker (Kong's +kubebuilder:subresource:finalizer), which
// only the CRD markers' parser reads, keeps its warning.
func TestUnknownMarkerOfAKindWarnedOnce(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\n// +kubebuilder:categories=all\n// +kubebuilder:subresource:finalizer\n// +kubebuilder:printcolum:name=\"A\",type=string,JSONPath=\".spec.a\"\n" +
		"type Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n"
	got := cgWarningTexts(t, types, markers.UnknownMarker)
	want := []string{
		"types.go:6: +kubebuilder:categories=all: no controller-gen marker has this name",
		"types.go:7: +kubebuilder:subresource:finalizer: unknown kubebuilder marker",
		"types.go:8: +kubebuilder:printcolum:name=\"A\",type=string,JSONPath=\".spec.a\": no controller-gen marker has this name",
	}
	fixes := []string{
		"fix: write +kubebuilder:resource:categories=all on the kind, if that is what it means; else delete the line",
		"fix: delete the line, or use one of +kubebuilder:resource,",
		"fix: write +kubebuilder:printcolumn:name=\"A\",type=string,JSONPath=\".spec.a\" on the kind, if that is what it means; else delete the line",
	}
	if len(got) != len(want) {
		t.Fatalf("want one unknown-marker warning per line, got %d:\n%s", len(got), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) || !strings.Contains(got[i], fixes[i]) {
			t.Errorf("warning %d: %s\nwant %s ... %s", i, got[i], want[i], fixes[i])
		}
	}
}
