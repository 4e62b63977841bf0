package bad

// Without CRD output the marker was skipped: the Go validator did not
// check it, while a CRD written by controller-gen did.
type T struct {
	// +kubebuilder:validation:Minimum=1
	N int32 `json:"n"`
}
