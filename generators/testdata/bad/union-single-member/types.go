package bad

type T struct {
	// +k8s:unionMember
	// +k8s:optional
	A *string `json:"a,omitempty"`
	// +k8s:optional
	B *string `json:"b,omitempty"`
}
