// +k8s:validation-gen=TypesWithField=TypeMeta
package bad
