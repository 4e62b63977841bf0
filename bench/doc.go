// Package bench measures the validators validation-gen generates against
// every alternative, side by side in one run: idiomatic handwritten
// validation, the output of Kubernetes' own validation-gen
// (k8s.io/code-generator, generated during the setup of hack/bench.sh and
// never committed), github.com/go-playground/validator, and the API
// server's custom-resource pipeline on the CRD generated from the same
// tags. hack/bench.sh runs it and writes BENCHMARKS.md.
package bench
