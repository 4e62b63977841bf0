// +k8s:validation-gen=*
package format
