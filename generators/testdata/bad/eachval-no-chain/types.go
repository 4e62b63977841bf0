package bad

type T struct {
	// +k8s:eachVal=5
	L []int `json:"l"`
}
