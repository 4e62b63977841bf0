package bad

type T struct {
	// +k8s:maxLength=3 // at most three
	Name string `json:"name"`
}
