// Package dep stands for a dependency of another module: its markers have
// problems that the run using its types cannot fix and that never stop it.
package dep

// Shared is used by another package's kind.
type Shared struct {
	// +kubebuilder:validation:UniqueItems:true
	Tags []string `json:"tags,omitempty"`
	// +kubebuilder:validation:Minimum=abc
	Size int32 `json:"size,omitempty"`
	// +kubebuilder:validation:MaxLength=3
	Code string `json:"code,omitempty"`
}
