// +k8s:validation-gen=*
package enum
