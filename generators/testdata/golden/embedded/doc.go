// +k8s:validation-gen=*
package embedded
