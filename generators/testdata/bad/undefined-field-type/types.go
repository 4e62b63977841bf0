package bad

type T struct {
	// +k8s:minimum=1
	U Undefined `json:"u"`
}
