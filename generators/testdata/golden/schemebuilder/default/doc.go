// Package default has no +k8s:validation-gen-scheme-registry: as with
// Kubernetes' generator, it registers its validations with a
// runtime.Scheme, from an init() that calls localSchemeBuilder.Register.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
package defaultregistry
