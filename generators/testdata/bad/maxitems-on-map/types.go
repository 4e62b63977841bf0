package bad

type T struct {
	// +k8s:maxItems=5
	M map[string]string `json:"m"`
}
