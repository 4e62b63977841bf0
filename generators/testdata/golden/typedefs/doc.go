// +k8s:validation-gen=*
package typedefs
