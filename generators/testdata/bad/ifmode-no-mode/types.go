package bad

type T struct {
	// +k8s:modeDiscriminator(modality: "kind")
	Kind string `json:"kind"`
	// +k8s:ifMode(modality: "kind")=+k8s:required
	A *string `json:"a,omitempty"`
}
