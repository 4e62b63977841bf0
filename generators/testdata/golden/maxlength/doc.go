// +k8s:validation-gen=*
package maxlength
