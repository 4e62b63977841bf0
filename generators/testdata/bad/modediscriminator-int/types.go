package bad

type T struct {
	// +k8s:modeDiscriminator
	Mode int32 `json:"mode"`
}
