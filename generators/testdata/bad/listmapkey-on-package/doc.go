// +k8s:validation-gen=*
// +k8s:listMapKey=name
package bad
