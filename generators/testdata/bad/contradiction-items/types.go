package bad

type T struct {
	// +k8s:minItems=3
	// +k8s:maxItems=2
	F []string `json:"f,omitempty"`
}
