package bad

type Port struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:listType=map
	Ports []Port `json:"ports"`
}
