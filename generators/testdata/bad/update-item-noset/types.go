package bad

type T struct {
	// +k8s:eachVal=+k8s:update=NoSet
	M map[string]string `json:"m"`
}
