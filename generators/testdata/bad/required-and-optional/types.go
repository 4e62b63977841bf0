package bad

type T struct {
	// +k8s:required
	// +k8s:optional
	S string `json:"s"`
}
