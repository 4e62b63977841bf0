package bad

type T struct {
	// +k8s:format=k8s-foo
	S string `json:"s"`
}
