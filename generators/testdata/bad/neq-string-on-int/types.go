package bad

type T struct {
	// +k8s:neq="x"
	N int `json:"n"`
}
