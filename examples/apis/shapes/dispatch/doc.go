// Package dispatch registers its validations in a scheme-free registry and
// serves the root and the /status subresource.
//
// +k8s:validation-gen=TypesWithSuffix=Kind
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
// +k8s:supportsSubresource="/status"
package dispatch
