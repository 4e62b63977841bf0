// Package nonstruct selects every type, among them named types that hold
// nothing to validate (funcs, channels, interfaces, a named pointer): they
// get no functions, and the fields that hold them are validated through
// what they point to.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package nonstruct
