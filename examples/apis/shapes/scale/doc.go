// Package scale holds the validation of the /scale subresource only.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
// +k8s:isSubresource="/scale"
package scale
