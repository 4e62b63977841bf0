// +k8s:validation-gen=*
package a
