package bad

// +k8s:validation-gen-nolint

// T is documented here; Kubernetes reads the nolint only in this comment.
type T struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}
