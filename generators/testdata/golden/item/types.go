package item

type Cond struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	// +k8s:optional
	Reasons []string `json:"reasons,omitempty"`
}

type Slot struct {
	Zone  string `json:"zone"`
	Index int32  `json:"index"`
	Size  int32  `json:"size"`
}

type Lane struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type T struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:subfield("status")=+k8s:maxLength=5
	// +k8s:item(type: "Approved")=+k8s:subfield("reasons")=+k8s:eachVal=+k8s:format=k8s-short-name
	Conds []Cond `json:"conds,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=zone
	// +k8s:listMapKey=index
	// +k8s:item(zone: "a", index: 0)=+k8s:subfield("size")=+k8s:minimum=1
	Slots []Slot `json:"slots,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=id
	// +k8s:item(id: 7)=+k8s:subfield("name")=+k8s:neq="seven"
	Lanes []*Lane `json:"lanes,omitempty"`
}

type Flag struct {
	On bool `json:"on"`
	// +k8s:optional
	Key  *string `json:"key,omitempty"`
	Size int32   `json:"size"`
}

type U struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=on
	// +k8s:listMapKey=key
	// +k8s:item(on: true, key: "k")=+k8s:subfield("size")=+k8s:minimum=1
	Flags []Flag `json:"flags,omitempty"`
}

// Conds is a list-map by its type; +k8s:item reads its keys.
// +k8s:listType=map
// +k8s:listMapKey=type
type Conds []Cond

type TypedConds struct {
	// +k8s:optional
	// +k8s:item(type: "Ready")=+k8s:subfield("status")=+k8s:maxLength=5
	Conds Conds `json:"conds,omitempty"`
}
