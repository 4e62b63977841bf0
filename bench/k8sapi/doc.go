// Package k8sapi benchmarks the validators of k8s.io/api's types: those
// validation-gen generates, those Kubernetes' own generator generates
// (both from the same tags, by cmd/gen, not committed), and Kubernetes'
// handwritten validation of the same kinds (k8s.io/kubernetes/pkg/apis/*/
// validation, on the internal types the API server converts to).
// hack/bench.sh runs it with bench/ and reports both in BENCHMARKS.md.
package k8sapi
