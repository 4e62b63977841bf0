package bad

type T struct {
	// +k8s:unionMember(memberName: "x")
	A *string `json:"a,omitempty"`
	// +k8s:unionMember(memberName: "x")
	B *string `json:"b,omitempty"`
}
