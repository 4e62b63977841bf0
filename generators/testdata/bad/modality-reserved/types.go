package bad

type T struct {
	// +k8s:modeDiscriminator(modality: "default")
	Mode string `json:"mode"`
}
