package bad

type Port struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=nope
	Ports []Port `json:"ports"`
}
