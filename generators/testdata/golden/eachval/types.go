package eachval

type Item struct {
	// +k8s:required
	Name string `json:"name"`
}

type EachVal struct {
	// +k8s:eachVal=+k8s:minimum=1
	Slice []int32 `json:"slice"`
	// +k8s:eachVal=+k8s:maxLength=5
	Map map[string]string `json:"map"`
	// +k8s:eachVal=+k8s:minimum=0
	PtrSlice []*int64 `json:"ptrSlice"`
	// +k8s:eachVal=+k8s:subfield("name")=+k8s:maxLength=3
	Items []Item `json:"items"`
	// +k8s:eachVal=+k8s:eachVal=+k8s:format=k8s-short-name
	Nested   map[string][]string `json:"nested"`
	PtrItems []*Item             `json:"ptrItems"`
	MapItems map[string]Item     `json:"mapItems"`
}
