// Package novalidation registers by default but has nothing to validate:
// as Kubernetes' generator, validation-gen writes no file, so no
// localSchemeBuilder is needed.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
package novalidation
