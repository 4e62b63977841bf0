package bad

type T struct {
	// +k8s:minItems=1
	M map[string]string `json:"m"`
}
