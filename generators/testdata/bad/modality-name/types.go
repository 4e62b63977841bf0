package bad

type T struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`
	// +k8s:ifMode(modality: "a-b", mode: "A")=+k8s:required
	A *string `json:"a,omitempty"`
}
