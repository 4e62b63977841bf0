// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +groupName=bad.example.com
// +k8s:validation-gen-nolint
package v1
