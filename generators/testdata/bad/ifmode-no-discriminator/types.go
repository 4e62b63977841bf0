package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode(modality: "other", mode: "A")=+k8s:required
	A *string `json:"a,omitempty"`
	// +k8s:ifMode("A")=+k8s:optional
	B *string `json:"b,omitempty"`
}
