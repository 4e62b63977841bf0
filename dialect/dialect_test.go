package dialect

import (
	"go/token"
	"strings"
	"testing"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// TestOf: the dialect follows the package's intent, in Of's order.
func TestOf(t *testing.T) {
	const base = "github.com/declval/validation-gen/dialect/testdata/"
	l, err := source.Load("", []string{"./testdata/k8s", "./testdata/mixed", "./testdata/shared", "./testdata/plain"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for pkg, want := range map[string]Dialect{
		"k8s":    Kubernetes,    // +k8s:validation-gen, though it has +groupName
		"mixed":  ControllerGen, // +groupName with a +k8s: tag
		"shared": Kubernetes,    // no group, a +k8s: tag
		"plain":  ControllerGen, // no group, no +k8s: tag
	} {
		got, why := Of(l, base+pkg)
		if got != want {
			t.Errorf("%s: %v (%s), want %v", pkg, got, why, want)
		}
		if why == "" {
			t.Errorf("%s: no reason given", pkg)
		}
	}
}

// TestControllerGenMarkersOutsideTheRun: in a package of the run a +k8s:
// tag controller-gen ignores is applied (with a warning) or warned about;
// in a package outside the run it means only what it means to
// controller-gen, without a word; a line of a /* */ comment is no marker.
func TestControllerGenMarkersOutsideTheRun(t *testing.T) {
	lines := []markers.Line{
		{Text: "+k8s:immutable", Pos: token.Position{Filename: "a.go", Line: 1}},
		{Text: "+k8s:maxLength=5", Pos: token.Position{Filename: "a.go", Line: 2}},
		{Text: "+k8s:unionMember", Pos: token.Position{Filename: "a.go", Line: 3}},
		{Text: "+k8s:minimum=1 # at least one", Pos: token.Position{Filename: "a.go", Line: 4}},
		{Text: "+kubebuilder:validation:Pattern=^a$", Pos: token.Position{Filename: "a.go", Line: 5}, Block: true},
		{Text: "+k8s:deepcopy-gen=false", Pos: token.Position{Filename: "a.go", Line: 6}},
	}
	names := func(ms []*markers.CGMarker) string {
		var out []string
		for _, m := range ms {
			out = append(out, m.Def.Name)
		}
		return strings.Join(out, " ")
	}
	ms, errs := ControllerGenMarkers(lines, markers.CGOnField, true, 23)
	ws, es := markers.SplitWarnings(errs)
	if got, want := names(ms), "k8s:immutable kubebuilder:validation:MaxLength kubebuilder:validation:Minimum"; got != want || len(es) > 0 {
		t.Errorf("own: markers %q, want %q; errors %v", got, want, es)
	}
	if len(ws) != 2 || ws[0].Kind != markers.K8sTagApplied || ws[1].Kind != markers.K8sTagNotApplied {
		t.Errorf("own: want a warning that +k8s:maxLength is applied and one that +k8s:unionMember is not, got %v", ws)
	}
	if ms[2].Float != 1 || ms[2].Text != "k8s:minimum=1 # at least one" {
		t.Errorf("+k8s:minimum with a comment: %v %q", ms[2].Float, ms[2].Text)
	}
	ms, errs = ControllerGenMarkers(lines, markers.CGOnField, false, 23)
	if got, want := names(ms), "k8s:immutable kubebuilder:validation:Minimum"; got != want || len(errs) > 0 {
		t.Errorf("outside the run: markers %q, want %q (controller-gen's reading alone); warnings or errors %v", got, want, errs)
	}
}

// TestK8sFix: a controller-gen marker in a package read as Kubernetes
// reads it gets the +k8s: tag that says the same, with its value.
func TestK8sFix(t *testing.T) {
	for body, want := range map[string]string{
		"kubebuilder:validation:Minimum=1":             "write +k8s:minimum=1",
		"kubebuilder:validation:MaxLength=63":          "write +k8s:maxLength=63",
		"kubebuilder:validation:Format=k8s-short-name": "write +k8s:format=k8s-short-name",
		"kubebuilder:validation:Required":              "write +k8s:required",
		"kubebuilder:validation:Enum=a;b":              "declare a string type with +k8s:enum, and its values as constants of the type",
		"kubebuilder:default=1":                        "remove it: validation-gen writes no defaults, titles or examples into the schema of a package read as Kubernetes reads it, and prunes unknown fields",
	} {
		if got := K8sFix(body); got != want {
			t.Errorf("K8sFix(%q) = %q, want %q", body, got, want)
		}
	}
}
