package bad

type T struct {
	// +k8s:minimum=1
	// +k8s:minimum=2
	N int `json:"n"`
}
