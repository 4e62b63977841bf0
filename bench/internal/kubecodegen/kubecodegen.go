// Package kubecodegen is how the benchmarks run Kubernetes' own
// validation-gen (k8s.io/code-generator), the version bench/go.mod pins as
// a tool.
package kubecodegen

// Generator is the reference generator's package, for go tool and go build.
const Generator = "k8s.io/code-generator/cmd/validation-gen"

// ReadonlyPkgs are the packages of Kubernetes types passed with
// --readonly-pkg, as k8s.io/code-generator's kube_codegen.sh (v0.37)
// passes them.
var ReadonlyPkgs = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"k8s.io/apimachinery/pkg/version",
	"time",
}

// Args are the reference generator's arguments for the packages matched
// by pattern.
func Args(pattern string) []string {
	args := []string{"--output-file", "zz_generated.validations.go"}
	for _, p := range ReadonlyPkgs {
		args = append(args, "--readonly-pkg", p)
	}
	return append(args, pattern)
}
