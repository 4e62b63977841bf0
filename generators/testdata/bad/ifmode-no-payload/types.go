package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode("A")
	A *string `json:"a,omitempty"`
}
