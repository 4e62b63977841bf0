package bad

type T struct {
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	A *string `json:"a,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	B *string `json:"b,omitempty"`
}
