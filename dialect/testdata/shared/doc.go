// Package shared holds types written in tags, with no group.
package shared

// T has a tag.
type T struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}
