// Package v1 carries every +k8s: tag of validation-gen's registry, one
// type (or a few) per tag, so that alloc_test.go can require that
// validating a valid object with that tag allocates nothing, on create
// and on update, whatever the tag.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
package v1
