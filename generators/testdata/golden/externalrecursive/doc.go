// Package externalrecursive holds a recursive type of another package
// (field.Path points to its parent Path), which the generator must not
// walk forever: it has no validation to call.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package externalrecursive
