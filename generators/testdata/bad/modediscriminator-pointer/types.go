package bad

type T struct {
	// +k8s:modeDiscriminator
	Mode *string `json:"mode"`
}
