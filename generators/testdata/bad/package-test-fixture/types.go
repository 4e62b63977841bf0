package bad

type T struct {
	// +k8s:validateFalse="x"
	Name string `json:"name"`
}
