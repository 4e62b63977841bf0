package generators_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// Kubernetes' layout (k8s.io/api read through +k8s:validation-gen-input),
// as testdata/input plays it: an input package that also generates into
// itself is read, not generated for; controller-gen's markers there are
// its published schema's, not validation; and imports that all guess the
// name v1 are named apart however many renderings it takes.
func TestInputLayout(t *testing.T) {
	cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/input/apiv1", "./testdata/input/metav1"}, OutputFile: outputFile}
	outs, _, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var api, meta string
	for _, o := range outs {
		rel, _ := filepath.Rel(filepath.Join(wd(t), "testdata", "input"), o.Path)
		names = append(names, filepath.ToSlash(rel))
		if _, err := parser.ParseFile(token.NewFileSet(), o.Path, o.Content, 0); err != nil {
			t.Errorf("%s does not parse: %v", rel, err)
		}
		if strings.HasPrefix(filepath.ToSlash(rel), "apiv1/") {
			api = string(o.Content)
		}
		if strings.HasPrefix(filepath.ToSlash(rel), "metav1/") {
			meta = string(o.Content)
		}
	}
	// Not api/v1's own file: the run is the patterns' packages.
	if got := strings.Join(names, " "); got != "apiv1/"+outputFile+" metav1/"+outputFile {
		t.Fatalf("outputs %s", got)
	}
	for _, want := range []string{"metav1.ValidateAt_ObjectMeta(", "Minimum(", "MaxLength(&fp3, *v1, 8)", "Validate_DeviceAttribute"} {
		if !strings.Contains(api, want) {
			t.Errorf("apiv1 lacks %s", want)
		}
	}
	// meta/v1's +k8s:customValidation calls the function its validation
	// package declares (no copy in metav1 needed, as apimachinery's
	// ValidateCustom_Condition_LastTransitionTime for k8s.io/api).
	if !strings.Contains(meta, "validation.ValidateCustom_Condition_LastTransitionTime(ctx, op, ") {
		t.Errorf("metav1 does not call meta/v1/validation's function:\n%s", meta)
	}
	// +kubebuilder:validation:MaxLength=5 on Widget.Name: not a check.
	if strings.Contains(api, ", 5)") {
		t.Errorf("a controller-gen marker of an input package became a check:\n%s", api)
	}

	// Without the metav1 package in the run, ObjectMeta is validated by
	// the validation its package publishes (meta/v1/validation), as
	// Kubernetes' tree validates apimachinery's ObjectMeta; with no path
	// built unless it reports errors.
	cfg.Patterns = []string{"./testdata/input/apiv1"}
	outs, _, err = generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 1 {
		t.Fatalf("%d outputs for apiv1 alone", len(outs))
	}
	alone := string(outs[0].Content)
	for _, want := range []string{`"github.com/declval/validation-gen/generators/testdata/input/meta/v1/validation"`, "validation.Validate_ObjectMeta(ctx, op, nil, ", "vgruntime.Rebase("} {
		if !strings.Contains(alone, want) {
			t.Errorf("apiv1 alone lacks %s:\n%s", want, alone)
		}
	}

	// The same package generated for itself: validation-gen reads the tags
	// of every type of a package it generates (Widget's too, though its
	// +k8s:validation-gen selects only DeviceAttribute), and there the
	// marker is the package's own: unread, it is an error.
	cfg.Patterns = []string{"./testdata/input/api/v1"}
	cfg.Readonly = []string{"./testdata/input/meta/v1"}
	if _, _, err = generators.Run(cfg); err == nil || !strings.Contains(err.Error(), "types.go:10: +kubebuilder:validation:MaxLength=5") {
		t.Errorf("generating api/v1 itself: %v", err)
	}
}

// A directory pattern written otherwise than go list cleans it (a
// trailing slash, a doubled one, a detour through ..) names the same
// packages: the run writes the same files, where it once matched nothing
// and wrote nothing without a word.
func TestPatternsAsWritten(t *testing.T) {
	run := func(pattern string) []string {
		t.Helper()
		outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{pattern}, OutputFile: outputFile, CRDDir: "crd-out"})
		if err != nil {
			t.Fatalf("%s: %v", pattern, err)
		}
		var got []string
		for _, o := range outs {
			got = append(got, fmt.Sprintf("%s %d", o.Path, len(o.Content)))
		}
		return got
	}
	want := run("./testdata/flatten/v1")
	if len(want) != 3 {
		t.Fatalf("./testdata/flatten/v1: want the validation file and two CRDs, got %q", want)
	}
	for _, p := range []string{"./testdata/flatten/v1/", "./testdata//flatten/v1", "./testdata/x/../flatten/v1", "./testdata/flatten/.../"} {
		if got := run(p); !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", p, got, want)
		}
	}
}
