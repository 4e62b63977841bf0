package scale

// Scale is what a /scale request carries.
type Scale struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}
