package bad

type Task struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=name
	Tasks []Task `json:"tasks"`
}
