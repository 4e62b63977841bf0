// +k8s:validation-gen=*
package dependent
