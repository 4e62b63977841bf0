package bad

type T struct {
	// +k8s:eachVal=+k8s:dependentRequired("image")
	Command []string `json:"command,omitempty"`
	Image   string   `json:"image,omitempty"`
}
