package bad

type T struct {
	// +k8s:optional
	// +k8s:update=NoSet
	// +k8s:beta=+k8s:update=NoModify
	S string `json:"s,omitempty"`
}
