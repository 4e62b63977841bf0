package bad

type T struct {
	TypeMeta int `json:"typeMeta"`
	// +k8s:minimum=1
	N int `json:"n"`
}
