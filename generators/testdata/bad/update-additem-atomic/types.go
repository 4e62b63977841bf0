package bad

type T struct {
	// +k8s:listType=atomic
	// +k8s:update=NoAddItem
	S []string `json:"s"`
}
