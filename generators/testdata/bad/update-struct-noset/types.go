package bad

type Inner struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:update=NoSet
	S Inner `json:"s"`
}
