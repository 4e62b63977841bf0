// +k8s:validation-gen=*
package union
