package bad

type T struct {
	// +k8s:minimum=1
	N int `json:"n"`
}
