// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=bad.example.com
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
package v1
