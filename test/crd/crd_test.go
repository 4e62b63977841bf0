// Package crd checks the CustomResourceDefinitions validation-gen writes
// against the API server's own code.
package crd

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/generators"
)

// generate runs validation-gen with CRD output on packages of the main
// module and returns the CRDs, without writing anything.
func generate(t testing.TB, patterns ...string) map[string]*apiextv1.CustomResourceDefinition {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "config", "crd")
	outs, _, err := generators.Run(generators.Config{Dir: root, Patterns: patterns, OutputFile: "zz_generated.validations.go", CRDDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	crds := map[string]*apiextv1.CustomResourceDefinition{}
	for _, o := range outs {
		if !strings.HasPrefix(o.Path, dir) {
			continue
		}
		crd := &apiextv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(o.Content, crd); err != nil {
			t.Fatalf("%s: %v\n%s", o.Path, err, o.Content)
		}
		crds[filepath.Base(o.Path)] = crd
	}
	if len(crds) == 0 {
		t.Fatalf("no CRDs generated for %v", patterns)
	}
	return crds
}

// validateAsServer validates a CRD as POST /customresourcedefinitions
// does: defaulted, converted to the internal version, then validated
// (structural schema, CEL compilation and cost, list types, defaults).
func validateAsServer(t *testing.T, crd *apiextv1.CustomResourceDefinition) []string {
	t.Helper()
	scheme := runtime.NewScheme()
	install.Install(scheme)
	v1 := crd.DeepCopy()
	scheme.Default(v1)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := scheme.Convert(v1, internal, nil); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), internal) {
		out = append(out, e.Error())
	}
	return out
}

func TestGeneratedCRDsPassTheAPIServersValidation(t *testing.T) {
	for name, crd := range generate(t, "./examples/apis/stable/...", "./examples/apis/gadgets/...", "./generators/testdata/crdschema/...") {
		if errs := validateAsServer(t, crd); len(errs) > 0 {
			y, _ := yaml.Marshal(crd)
			t.Errorf("%s is rejected by the API server:\n  %s\n%s", name, strings.Join(errs, "\n  "), y)
		}
	}
}

// The committed manifests are what the generator writes.
