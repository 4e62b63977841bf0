// Package v1 is the Widget API (widgets.example.com/v1): a richer group that
// exercises every reference tag over structs, pointers, lists, maps,
// typedefs, an inline struct, a recursive type, types from another
// package, list-maps and sets, unions, and the /status and /scale
// subresources.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
// +k8s:supportsSubresource="/status"
// +groupName=widgets.example.com
package v1
