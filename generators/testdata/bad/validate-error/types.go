package bad

type T struct {
	// +k8s:validateError="not yet"
	Name string `json:"name"`
}
