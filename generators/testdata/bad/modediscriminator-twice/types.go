package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:modeDiscriminator
	Type string `json:"type"`
	// +k8s:ifMode("A")=+k8s:required
	A *string `json:"a,omitempty"`
}
