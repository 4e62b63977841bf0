// Package k8s opts in to Kubernetes' reading, with a group too.
// +k8s:validation-gen=*
// +groupName=k8s.example.com
package k8s

// T has a tag.
type T struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}
