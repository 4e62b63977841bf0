package bad

type T struct {
	// +k8s:unionDiscriminator
	Kind string `json:"kind"`
	// +k8s:unionDiscriminator
	Type string `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	A *string `json:"a,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	B *string `json:"b,omitempty"`
}
