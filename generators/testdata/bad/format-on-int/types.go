package bad

type T struct {
	// +k8s:format=k8s-ip
	N int32 `json:"n"`
}
