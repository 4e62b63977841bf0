// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
// +k8s:isSubresource="/scale"
// +k8s:isSubresource="/status"
// +k8s:validation-gen-nolint
package bad
