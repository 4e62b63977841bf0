package bad

type T struct {
	// +k8s:dependentRequired("imag")
	Command []string `json:"command,omitempty"`
	Image   string   `json:"image,omitempty"`
}
