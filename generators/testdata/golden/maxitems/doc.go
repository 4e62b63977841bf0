// +k8s:validation-gen=*
package maxitems
