package bad

type T struct {
	// +k8s:customValidation
	Name string `json:"name"`
}
