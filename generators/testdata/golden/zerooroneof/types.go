package zerooroneof

type Simple struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	A *string `json:"a,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	B []int32 `json:"b,omitempty"`
}

type Named struct {
	// +k8s:zeroOrOneOfMember(union: "cpu")
	// +k8s:optional
	Cores int32 `json:"cores,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "cpu", memberName: "Milli")
	// +k8s:optional
	Millis int32 `json:"millis,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "mem")
	// +k8s:optional
	Bytes *int64 `json:"bytes,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "mem")
	// +k8s:optional
	Pages *int64 `json:"pages,omitempty"`
}
