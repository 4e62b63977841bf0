// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=good.example.com
// +k8s:validation-gen-nolint
package v1
