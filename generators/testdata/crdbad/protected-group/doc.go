// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=things.k8s.io
// +k8s:validation-gen-nolint
package v1
