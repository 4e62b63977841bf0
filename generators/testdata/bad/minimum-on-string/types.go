package bad

type T struct {
	// +k8s:minimum=1
	S string `json:"s"`
}
