// Package v1 covers the shapes the generator must handle without
// allocating on valid objects: inline structs, maps and lists of structs
// from another package, pointers and a recursive type.
// +k8s:validation-gen=*
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
package v1
