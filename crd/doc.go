// Package crd maps the model to apiextensions.k8s.io/v1 OpenAPI schemas and
// CustomResourceDefinition manifests, so that the API server enforces what
// the Go validators enforce: an OpenAPI keyword where one says the same, a
// CEL rule (x-kubernetes-validations) otherwise.
//
// Go sees an absent field as its zero value, the API server does not; how
// each rule bridges that is described in docs/crd-design.md. Every manifest
// is checked as the API server checks a CRD when it is created (Check), so
// that a CRD that is written is one a cluster takes. RuleSchema and
// TransitionSchema are the schemas the Go backend embeds for the CEL rules
// the generated code evaluates, and package cel checks them with.
package crd
