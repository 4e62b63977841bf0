package maxitems

type Item struct {
	// +k8s:maxLength=5
	Name string `json:"name"`
}

type MaxItems struct {
	// +k8s:maxItems=0
	None []string `json:"none"`
	// +k8s:optional
	// +k8s:maxItems=2
	Few []Item `json:"few,omitempty"`
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:minimum=1
	Nums []int32 `json:"nums"`
	// +k8s:eachVal=+k8s:maxItems=2
	Nested [][]string `json:"nested"`
}
