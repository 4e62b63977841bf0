package bad

type Inner struct {
	N int32 `json:"n"`
}

type T struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`
	// +k8s:ifMode("A")=+k8s:optional
	In Inner `json:"in"`
}
