package bad

type T struct {
	// +k8s:optional
	// +k8s:unionMember(union: "a")
	A1 *string `json:"a1,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(union: "a")
	A2 *string `json:"a2,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember(union: "b")
	B1 *string `json:"b1,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember(union: "b")
	B2 *string `json:"b2,omitempty"`
}
