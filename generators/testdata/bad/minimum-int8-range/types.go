package bad

type T struct {
	// +k8s:minimum=300
	N int8 `json:"n"`
}
