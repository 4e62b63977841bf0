package bad

type Scale struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}
