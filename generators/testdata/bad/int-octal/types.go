package bad

type T struct {
	// +k8s:minimum=010
	F int32 `json:"f"`
}
