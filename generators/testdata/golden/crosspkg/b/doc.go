// +k8s:validation-gen=*
package b
