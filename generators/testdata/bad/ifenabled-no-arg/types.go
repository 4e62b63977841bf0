package bad

type T struct {
	// +k8s:ifEnabled=+k8s:required
	S string `json:"s"`
}
