package bad

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Names []string `json:"names"`
}
