package bad

type T struct {
	// +k8s:maximum=+5
	F int32 `json:"f"`
}
