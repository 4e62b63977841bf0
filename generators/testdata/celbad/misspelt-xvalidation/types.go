package v1

type Thing struct {
	// +kubebuilder:validation:XValidaton:rule="self > 0",message="positive"
	N int32 `json:"n"`
}
