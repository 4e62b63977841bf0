// Package selection selects types with two criteria, opts one type in and
// one out, and never selects list types.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen=TypesWithSuffix=Spec
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package selection
