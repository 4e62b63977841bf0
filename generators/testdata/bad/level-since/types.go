package bad

type T struct {
	// +k8s:alpha(since: "v1.36")=+k8s:minimum=1
	N int32 `json:"n"`
}
