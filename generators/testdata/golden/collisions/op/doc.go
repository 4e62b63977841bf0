// Package op is named like the op parameter of every validation function.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package op
