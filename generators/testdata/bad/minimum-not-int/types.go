package bad

type T struct {
	// +k8s:minimum=abc
	N int `json:"n"`
}
