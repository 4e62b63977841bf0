// Package none registers nothing: no RegisterValidations, no init(), and
// no localSchemeBuilder needed.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package none
