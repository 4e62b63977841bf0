package itemunion

type Task struct {
	Name string `json:"name"`
	// +k8s:optional
	Size int32 `json:"size,omitempty"`
}

type Cond struct {
	Type string `json:"type"`
	Zone string `json:"zone"`
}

type Job struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:unionMember
	Tasks []Task `json:"tasks"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=zone
	// +k8s:item(type: "Approved", zone: "a")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Denied", zone: "a")=+k8s:zeroOrOneOfMember
	Conds []Cond `json:"conds,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "x")=+k8s:zeroOrOneOfMember(union: "u", memberName: "X")
	// +k8s:item(name: "y")=+k8s:zeroOrOneOfMember(union: "u")
	Ptrs []*Task `json:"ptrs,omitempty"`
}
