package v1

type Thing struct {
	// +kubebuilder:validation:XValidation:rule="self > 0,message=oops
	N int32 `json:"n"`
}
