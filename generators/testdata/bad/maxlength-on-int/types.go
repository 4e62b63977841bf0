package bad

type T struct {
	// +k8s:maxLength=5
	N int `json:"n"`
}
