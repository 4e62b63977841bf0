// +k8s:validation-gen=*
package opaque
