// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
package bad
