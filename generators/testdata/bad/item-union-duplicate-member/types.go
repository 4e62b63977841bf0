package bad

type Task struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:unionMember
	// +k8s:item(name: "a")=+k8s:unionMember
	Tasks []Task `json:"tasks"`
}
