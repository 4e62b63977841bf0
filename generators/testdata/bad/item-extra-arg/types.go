package bad

type Slot struct {
	Zone string `json:"zone"`
	Size int32  `json:"size"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=zone
	// +k8s:item(zone: "a", size: 3)=+k8s:subfield("size")=+k8s:minimum=1
	Slots []Slot `json:"slots"`
}
