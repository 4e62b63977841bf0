// +k8s:validation-gen=*
package defaults
