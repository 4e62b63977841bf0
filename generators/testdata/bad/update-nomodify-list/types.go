package bad

type T struct {
	// +k8s:update=NoModify
	S []string `json:"s"`
}
