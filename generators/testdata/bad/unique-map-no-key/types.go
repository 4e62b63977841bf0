package bad

type T struct {
	// +k8s:listType=atomic
	// +k8s:unique=map
	S []P `json:"s"`
}

type P struct {
	Name string `json:"name"`
}
