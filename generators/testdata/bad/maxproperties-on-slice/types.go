package bad

type T struct {
	// +k8s:maxProperties=2
	L []string `json:"l"`
}
