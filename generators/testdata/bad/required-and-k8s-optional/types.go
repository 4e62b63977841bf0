package bad

type T struct {
	// +required
	// +k8s:optional
	F string `json:"f,omitempty"`
}
