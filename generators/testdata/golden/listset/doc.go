// +k8s:validation-gen=*
package listset
