package bad

type T struct {
	// +k8s:declarativeValidationNative
	S []string `json:"s"`
}
