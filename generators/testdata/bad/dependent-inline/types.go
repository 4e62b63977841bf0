package bad

type T struct {
	// +k8s:dependentRequired("image")
	*Inner `json:",inline"`
	Image  string `json:"image,omitempty"`
}

type Inner struct {
	A *string `json:"a,omitempty"`
}
