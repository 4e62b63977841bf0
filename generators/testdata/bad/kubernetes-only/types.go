package bad

type T struct {
	// +k8s:maxBytes=5
	S string `json:"s"`
}
