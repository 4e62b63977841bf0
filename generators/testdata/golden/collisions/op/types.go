package op

type Thing struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}
