package bad

type T struct {
	// +k8s:maximum=5
	N int `json:"n"`
}
