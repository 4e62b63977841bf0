package bad

type T struct {
	// +k8s:minLength=-1
	S string `json:"s"`
}
