package bad

type Item struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:eachVal=+k8s:update=NoModify
	S []Item `json:"s"`
}
