// +k8s:validation-gen=*
package ifoption
