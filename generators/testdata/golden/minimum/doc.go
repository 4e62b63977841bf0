// +k8s:validation-gen=*
package minimum
