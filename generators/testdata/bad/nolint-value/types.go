package bad

type T struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}
