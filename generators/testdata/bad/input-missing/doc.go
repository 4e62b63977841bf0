// +k8s:validation-gen=*
// +k8s:validation-gen-input=example.com/nosuch/v1
package bad
