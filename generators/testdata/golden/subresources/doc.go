// +k8s:validation-gen=TypesWithSuffix=Kind
// +k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
// +k8s:supportsSubresource="/status"
// +k8s:supportsSubresource="/scale"
// +k8s:validation-gen-nolint
package subresources
