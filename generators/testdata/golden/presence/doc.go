// +k8s:validation-gen=*
package presence
