package bad

type T struct {
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	S []string `json:"s"`
}
