package issubresource

type Scale struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
	// +k8s:optional
	// +k8s:maxLength=63
	Selector string `json:"selector,omitempty"`
}
