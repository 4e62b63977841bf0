package bad

type T struct {
	// +k8s:enum
	S string `json:"s"`
}
