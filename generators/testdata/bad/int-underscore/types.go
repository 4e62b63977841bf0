package bad

type T struct {
	// +k8s:maxItems=1_000
	F []string `json:"f"`
}
