// +k8s:validation-gen=*
package v1
