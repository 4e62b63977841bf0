package bad

type T struct {
	// +k8s:listType=atomic
	// +k8s:customUnique
	S []string `json:"s"`
}
