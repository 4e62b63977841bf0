// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme
// +k8s:supportsSubresource="/status"
// +k8s:validation-gen-nolint
package registry
