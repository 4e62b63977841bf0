// +k8s:validation-gen=*
package app
