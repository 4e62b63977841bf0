// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=bad.example.com
package v1
