package bad

type T struct {
	// +k8s:maxLength=3

	Other string `json:"other"`
}
