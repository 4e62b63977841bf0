package bad

type Port struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:listMapKey=name
	Ports []Port `json:"ports"`
}
