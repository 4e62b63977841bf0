package bad

type T struct {
	// +k8s:maxLength=5
	// +k8s:minLength=10
	F string `json:"f,omitempty"`
}
