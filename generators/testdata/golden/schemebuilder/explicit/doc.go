// Package explicit registers with this module's scheme-free registry,
// which is its own localSchemeBuilder.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
// +k8s:validation-gen-nolint
package explicit
