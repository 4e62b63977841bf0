package bad

type T struct {
	// +k8s:minimun=1
	N int `json:"n"`
}
