// +k8s:validation-gen=*
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
package bad
