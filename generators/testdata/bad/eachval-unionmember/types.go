package bad

type T struct {
	// +k8s:eachVal=+k8s:unionMember
	L []*string `json:"l"`
}
