package bad

type T struct {
	// +k8s:neq=1
	S string `json:"s"`
}
