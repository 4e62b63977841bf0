// +k8s:validation-gen=*
package item
