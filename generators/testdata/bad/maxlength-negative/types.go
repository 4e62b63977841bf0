package bad

type T struct {
	// +k8s:maxLength=-1
	S string `json:"s"`
}
