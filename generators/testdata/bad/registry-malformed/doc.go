// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=Scheme
// +k8s:validation-gen-nolint
package bad
