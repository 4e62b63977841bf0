// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=good.example.com
package v1
