// +k8s:validation-gen=*
package subfield
