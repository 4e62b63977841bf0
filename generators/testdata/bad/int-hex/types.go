package bad

type T struct {
	// +k8s:maxLength=0x10
	F string `json:"f"`
}
