// Package mixed is written for controller-gen and has a +k8s: tag.
// +groupName=mixed.example.com
package mixed

// T has both.
type T struct {
	// +k8s:immutable
	// +kubebuilder:validation:MaxLength=5
	S string `json:"s"`
}
