// Package namedpointer validates values of named pointer types (type P *int32),
// which gengo gives the kind Pointer and generated code must name.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package namedpointer
