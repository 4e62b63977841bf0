package bad

type Slot struct {
	Zone  string `json:"zone"`
	Index int32  `json:"index"`
	Size  int32  `json:"size"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=zone
	// +k8s:listMapKey=index
	// +k8s:item(zone: "a")=+k8s:subfield("size")=+k8s:minimum=1
	Slots []Slot `json:"slots"`
}
