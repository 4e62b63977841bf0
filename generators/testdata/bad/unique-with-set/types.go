package bad

type T struct {
	// +k8s:listType=set
	// +k8s:unique=set
	S []string `json:"s"`
}
