// Package v1 is the Widget API (widgets.example.com/v1): a richer group that
// exercises every reference tag over structs, pointers, lists, maps,
// typedefs, an inline struct, a recursive type and types from another
// package.
//
// +k8s:validation-gen=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
// +groupName=widgets.example.com
package v1
