package bad

type T struct {
	// +k8s:validateFalse=5
	Name string `json:"name"`
}
