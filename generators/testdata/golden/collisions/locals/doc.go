// Package locals declares types named like the parameters and locals of
// generated functions (p, obj, v1, errs), which must not hide them.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package locals
