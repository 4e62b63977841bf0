package bad

type T struct {
	// +k8s:dependentRequired("spec")
	Command []string `json:"command,omitempty"`
	Spec    S        `json:"spec"`
}

type S struct {
	A string `json:"a,omitempty"`
}
