// +k8s:validation-gen=*
package int8
