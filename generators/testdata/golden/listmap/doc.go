// +k8s:validation-gen=*
package listmap
