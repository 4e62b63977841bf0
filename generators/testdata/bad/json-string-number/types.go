package bad

type T struct {
	// +k8s:minimum=1
	N int64 `json:"n,omitempty,string"`
}
