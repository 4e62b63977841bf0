// +k8s:validation-gen=*
package recursive
