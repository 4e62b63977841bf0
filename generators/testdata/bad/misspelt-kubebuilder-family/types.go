package bad

type T struct {
	// +kubebuilder:validaton:Minimum=1
	N int `json:"n"`
}
