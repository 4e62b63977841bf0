package bad

type Inner struct {
	X string `json:"x"`
}

type T struct {
	// +k8s:unionMember
	In Inner `json:"in"`
	// +k8s:unionMember
	// +k8s:optional
	B *string `json:"b,omitempty"`
}
