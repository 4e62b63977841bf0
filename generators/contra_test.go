package generators_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/markers"
)

// TestContradictionWarnings: in a package written for controller-gen,
// markers that cannot all be meant (a marker twice with different values,
// a lower bound above the upper, a default its own field refuses, a
// json:",string" number, a fullwidth +, +required with +optional) are
// warnings with the line of the marker, what controller-gen does and the
// fix; the run writes controller-gen's CRD (test/kubebuilder compares it
// with controller-gen's own), and --strict makes them errors.
func TestContradictionWarnings(t *testing.T) {
	cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/warn/contra"}, OutputFile: outputFile, CRDDir: t.TempDir()}
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatalf("a run with warnings failed: %v", err)
	}
	if len(outs) != 2 {
		t.Errorf("want the validation file and the CRD, got %d outputs", len(outs))
	}
	var got []string
	for _, w := range warnings {
		got = append(got, fmt.Sprintf("%d %s", w.Pos.Line, w.Kind))
		if w.Does == "" || w.Fix == "" {
			t.Errorf("a warning lacks what controller-gen does or its fix: %v", w)
		}
	}
	want := []string{
		"14 contradiction", "17 contradiction", "20 contradiction", "23 contradiction",
		"25 bad-default", "28 bad-default", "31 bad-default", "33 json-string", "36 near-miss", "38 required-optional",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings (line kind):\n got  %s\n want %s\nall:\n%v", strings.Join(got, ", "), strings.Join(want, ", "), warnings)
	}
	cfg.Strict = true
	if outs, _, err := generators.Run(cfg); err == nil || outs != nil || strings.Count(err.Error(), "\n")+1 != len(want) {
		t.Errorf("--strict: want %d errors and no output, got %d outputs and %v", len(want), len(outs), err)
	}
}

// In Kubernetes' dialect, a +default that breaks its own field's bounds is
// the user's mistake, named at the +default line with the fix, not
// "validation-gen's mistake" (the API server's check of the CRD finds it).
func TestDefaultBreaksBoundsIsTheUsersError(t *testing.T) {
	doc := "// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil\n// +k8s:validation-gen-nolint\n// +groupName=safe.example.com\npackage v1\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\ntype Thing struct {\n\tmetav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\n" +
		"type Spec struct {\n\t// +k8s:optional\n\t// +k8s:maximum=3\n\t// +default=7\n\tReplicas *int32 `json:\"replicas,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	_, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "types.go:14: the default written here breaks its own field's schema") ||
		!strings.Contains(err.Error(), "fix: write a default the field accepts") || strings.Contains(err.Error(), "validation-gen's mistake") {
		t.Fatalf("error %v, want the user's error at the +default line", err)
	}
}

// In Kubernetes' dialect, a +k8s:rule that reads a pointer field without
// has() is a warning at the rule's line with the fix; a value field, which
// the CRD defaults to its zero value below items, and a guarded read are
// not.
func TestUnguardedRuleWarning(t *testing.T) {
	doc := "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\n// +k8s:validation-gen-nolint\npackage v1\n"
	types := "package v1\n\n" +
		"// +k8s:rule(rule: \"self.count > 0\", message: \"count is positive\")\n" +
		"// +k8s:rule(rule: \"!has(self.limit) || self.limit > 0\", message: \"limit is positive\")\n" +
		"// +k8s:rule(rule: \"self.size >= 0\", message: \"size is not negative\")\n" +
		"type Spec struct {\n\tCount *int32 `json:\"count,omitempty\"`\n\tLimit *int32 `json:\"limit,omitempty\"`\n\tSize int32 `json:\"size,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || warnings[0].Kind != "unguarded-field" || !strings.Contains(warnings[0].Error(), "types.go:3:") ||
		!strings.Contains(warnings[0].Error(), "reads self.count without has(self.count)") || !strings.Contains(warnings[0].Error(), "fix: guard the read") {
		t.Fatalf("want one unguarded-field warning for self.count at line 3, got %v", warnings)
	}
}

// In controller-gen's dialect, a rule that reads an optional field
// without has() is warned of once, at its XValidation marker (where the
// guard goes), however many fields use its type.
func TestUnguardedRuleWarningAtTheMarker(t *testing.T) {
	doc := "// +groupName=g.example.com\npackage v1\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:validation:XValidation:rule=\"self.count > 0\",message=\"count is positive\"\n" +
		"type Limits struct {\n\t// +optional\n\tCount *int32 `json:\"count,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +optional\n\tA *Limits `json:\"a,omitempty\"`\n\t// +optional\n\tB *Limits `json:\"b,omitempty\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
	if err != nil {
		t.Fatal(err)
	}
	var unguarded []string
	for _, w := range warnings {
		if w.Kind == "unguarded-field" {
			unguarded = append(unguarded, w.Error())
		}
	}
	if len(unguarded) != 1 || !strings.Contains(unguarded[0], "types.go:5: +kubebuilder:validation:XValidation:rule=") ||
		!strings.Contains(unguarded[0], "reads self.count without has(self.count)") {
		t.Fatalf("want one unguarded-field warning at the marker, types.go:5, got %q", unguarded)
	}
}

// Two types of a package with the same rule but their own messages (Envoy
// Gateway's access log and tracing types): each warning is at its own
// type's marker.
func TestUnguardedRuleWarningSameRuleText(t *testing.T) {
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:validation:XValidation:rule=\"has(self.host) || self.refs.size() > 0\",message=\"one\"\n" +
		"type One struct {\n\t// +optional\n\tHost *string `json:\"host,omitempty\"`\n\t// +optional\n\tRefs []string `json:\"refs,omitempty\"`\n}\n\n" +
		"// +kubebuilder:validation:XValidation:rule=\"has(self.host) || self.refs.size() > 0\",message=\"two\"\n" +
		"type Two struct {\n\t// +optional\n\tHost *string `json:\"host,omitempty\"`\n\t// +optional\n\tRefs []string `json:\"refs,omitempty\"`\n}\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +optional\n\tA *One `json:\"a,omitempty\"`\n\t// +optional\n\tB *Two `json:\"b,omitempty\"`\n}\n"
	at := unguardedAt(t, types)
	want := []string{`13 kubebuilder:validation:XValidation:rule="has(self.host) || self.refs.size() > 0",message="two"`,
		`5 kubebuilder:validation:XValidation:rule="has(self.host) || self.refs.size() > 0",message="one"`}
	if !slices.Equal(at, want) {
		t.Fatalf("unguarded-field warnings at\n %q\nwant\n %q", at, want)
	}
}

// Two types with the same rules, messages included (CloudNativePG's
// BootstrapInitDB and DatabaseSpec): each rule's warning is at its own
// marker, not merged into one at the field using the type.
func TestUnguardedRuleWarningSameMarkerOnTwoTypes(t *testing.T) {
	rules := "// +kubebuilder:validation:XValidation:rule=\"!has(self.a) || self.mode == 'a'\",message=\"a needs mode a\"\n" +
		"// +kubebuilder:validation:XValidation:rule=\"!has(self.b) || self.mode == 'b'\",message=\"b needs mode b\"\n"
	fields := " struct {\n\t// +optional\n\tMode string `json:\"mode,omitempty\"`\n\t// +optional\n\tA string `json:\"a,omitempty\"`\n\t// +optional\n\tB string `json:\"b,omitempty\"`\n}\n\n"
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		rules + "type X" + fields + rules + "type Y" + fields +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n" +
		"\t// +optional\n\tX *X `json:\"x,omitempty\"`\n\t// +optional\n\tY *Y `json:\"y,omitempty\"`\n}\n"
	at := unguardedAt(t, types)
	want := []string{
		`16 kubebuilder:validation:XValidation:rule="!has(self.a) || self.mode == 'a'",message="a needs mode a"`,
		`17 kubebuilder:validation:XValidation:rule="!has(self.b) || self.mode == 'b'",message="b needs mode b"`,
		`5 kubebuilder:validation:XValidation:rule="!has(self.a) || self.mode == 'a'",message="a needs mode a"`,
		`6 kubebuilder:validation:XValidation:rule="!has(self.b) || self.mode == 'b'",message="b needs mode b"`,
	}
	if !slices.Equal(at, want) {
		t.Fatalf("unguarded-field warnings at\n %q\nwant\n %q", at, want)
	}
}

// A type of another package below the kinds of two packages of the run
// (KServe's keda ScalingModifiers below v1alpha1 and v1alpha2): what its
// schema says of which fields Go always writes holds below both, so that
// each package's warnings are those it gets alone.
func TestUnguardedRuleWarningSharedType(t *testing.T) {
	ext := "package ext\n\ntype Mods struct {\n\tFormula string `json:\"formula,omitempty\"`\n}\n\ntype Adv struct {\n\tMods Mods `json:\"mods,omitempty\"`\n}\n"
	version := func(v string) string {
		return "package " + v + "\n\nimport (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\t\"example.com/safe/ext\"\n)\n\n" +
			"// +kubebuilder:validation:XValidation:rule=\"!has(self.adv) || size(self.adv.mods.formula) == 0\"\n" +
			"type FooSpec struct {\n\t// +optional\n\tAdv *ext.Adv `json:\"adv,omitempty\"`\n}\n\n" +
			"// +kubebuilder:object:root=true\ntype Foo struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec FooSpec `json:\"spec\"`\n}\n"
	}
	dir := tempModule(t, map[string]string{"ext/ext.go": ext,
		"api/a/doc.go": "// +groupName=a.example.com\npackage a\n", "api/a/types.go": version("a"),
		"api/b/doc.go": "// +groupName=b.example.com\npackage b\n", "api/b/types.go": version("b")})
	reads := func(patterns ...string) []string {
		_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: patterns, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, w := range warnings {
			if w.Kind == "unguarded-field" {
				_, after, _ := strings.Cut(w.Msg, "reads ")
				out = append(out, filepath.Base(filepath.Dir(w.Pos.Filename))+" "+strings.Fields(after)[0])
			}
		}
		slices.Sort(out)
		return out
	}
	if got, want := reads("./api/..."), []string{"a self.adv.mods.formula", "b self.adv.mods.formula"}; !slices.Equal(got, want) {
		t.Errorf("both packages: %q, want %q", got, want)
	}
	if got, want := reads("./api/b"), []string{"b self.adv.mods.formula"}; !slices.Equal(got, want) {
		t.Errorf("b alone: %q, want %q", got, want)
	}
}

// unguardedAt runs the generator on a controller-gen package of types and
// lists its unguarded-field warnings as "<line> <marker>", sorted.
func unguardedAt(t *testing.T, types string) []string {
	t.Helper()
	var at []string
	for _, w := range cgWarnings(t, types, markers.UnguardedField) {
		at = append(at, fmt.Sprintf("%d %s", w.Pos.Line, w.Tag))
	}
	slices.Sort(at)
	return at
}

// Two kinds of one file with the same rule on their roots (Kong's): each
// warning is at its own kind's marker.
func TestUnguardedRuleWarningSameRuleOnKinds(t *testing.T) {
	kind := func(name string) string {
		return "// +kubebuilder:object:root=true\n// +kubebuilder:validation:XValidation:rule=\"self.spec.x != 'y'\",message=\"not y\"\n" +
			"type " + name + " struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\t// +optional\n\tSpec Spec `json:\"spec,omitempty\"`\n}\n\n"
	}
	types := "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" + kind("Foo") + kind("Bar") +
		"type Spec struct {\n\t// +optional\n\tX string `json:\"x,omitempty\"`\n}\n"
	_, warnings, err := generators.Run(cgModule(t, types))
	if err != nil {
		t.Fatal(err)
	}
	var at []int
	for _, w := range warnings {
		if w.Kind == "unguarded-field" && strings.Contains(w.Msg, "reads self.spec.x without has(self.spec.x)") {
			at = append(at, w.Pos.Line)
		}
	}
	if want := []int{6, 15}; !slices.Equal(at, want) {
		t.Fatalf("unguarded-field warnings at lines %v, want %v (the markers): %v", at, want, warnings)
	}
}

// A rule copied into two versions' packages is warned of at each copy's
// marker, once however many kinds and fields reach it.
func TestUnguardedRuleWarningPerCopy(t *testing.T) {
	types := func(pkg string) string {
		storage := ""
		if pkg == "v2" {
			storage = "// +kubebuilder:storageversion\n"
		}
		return "package " + pkg + "\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
			"// +kubebuilder:validation:XValidation:rule=\"self.count > 0\",message=\"count is positive\"\n" +
			"type Limits struct {\n\t// +optional\n\tCount *int32 `json:\"count,omitempty\"`\n}\n\n" +
			"// +kubebuilder:object:root=true\n" + storage + "type Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\t// +optional\n\tA *Limits `json:\"a,omitempty\"`\n}\n\n" +
			"// +kubebuilder:object:root=true\n" + storage + "type Other struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\t// +optional\n\tB *Limits `json:\"b,omitempty\"`\n}\n"
	}
	dir := tempModule(t, map[string]string{
		"api/v1/doc.go": "// +groupName=g.example.com\npackage v1\n", "api/v1/types.go": types("v1"),
		"api/v2/doc.go": "// +groupName=g.example.com\npackage v2\n", "api/v2/types.go": types("v2"),
	})
	_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: filepath.Join(dir, "crd")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warnings {
		if w.Kind == "unguarded-field" {
			got = append(got, fmt.Sprintf("%s:%d", filepath.Base(filepath.Dir(w.Pos.Filename)), w.Pos.Line))
		}
	}
	if want := []string{"v1:5", "v2:5"}; !slices.Equal(got, want) {
		t.Fatalf("unguarded-field warnings at %q, want %q", got, want)
	}
}
