// +k8s:validation-gen=*
package ifmode
