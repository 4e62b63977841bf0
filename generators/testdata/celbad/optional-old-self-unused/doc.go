// +k8s:validation-gen=*
// +groupName=bad.example.com
package v1
