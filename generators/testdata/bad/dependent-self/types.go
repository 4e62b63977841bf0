package bad

type T struct {
	// +k8s:dependentForbidden("command")
	Command []string `json:"command,omitempty"`
}
