// +k8s:validation-gen=*
package bad
