package bad

type T struct {
	// +optional
	// +k8s:required
	F string `json:"f,omitempty"`
}
