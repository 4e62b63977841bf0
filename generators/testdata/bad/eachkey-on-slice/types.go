package bad

type T struct {
	// +k8s:eachKey=+k8s:maxLength=3
	L []string `json:"l"`
}
