// Package plain holds types with controller-gen's markers and no group.
package plain

// T has a marker.
type T struct {
	// +kubebuilder:validation:Minimum=1
	N int32 `json:"n"`
}
