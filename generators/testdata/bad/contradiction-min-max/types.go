package bad

type T struct {
	// +k8s:minimum=10
	// +k8s:maximum=5
	F int32 `json:"f,omitempty"`
}
