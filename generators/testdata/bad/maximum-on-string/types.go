package bad

type T struct {
	// +k8s:maximum=3
	S string `json:"s"`
}
