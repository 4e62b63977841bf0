package bad

type T struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +k8s:optional
	A *string `json:"a,omitempty"`
}
