package bad

type Lane struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=id
	// +k8s:item(id: "seven")=+k8s:subfield("name")=+k8s:neq="x"
	Lanes []Lane `json:"lanes"`
}
