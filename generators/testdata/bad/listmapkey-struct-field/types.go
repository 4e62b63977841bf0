package bad

type Meta struct {
	Name string `json:"name"`
}

type Port struct {
	Meta Meta `json:"meta"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=meta
	Ports []Port `json:"ports"`
}
