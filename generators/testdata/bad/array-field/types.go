package bad

type T struct {
	// +k8s:maxItems=2
	Arr [3]string `json:"arr"`
}
