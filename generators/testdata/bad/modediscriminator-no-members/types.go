package bad

type T struct {
	// +k8s:modeDiscriminator(modality: "kind")
	Kind string `json:"kind"`
	// +k8s:optional
	A *string `json:"a,omitempty"`
}
