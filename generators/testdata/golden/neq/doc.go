// +k8s:validation-gen=*
package neq
