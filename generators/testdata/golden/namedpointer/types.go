package namedpointer

type P *int32

type S *string

type A struct {
	// +k8s:listType=atomic
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:minimum=1
	L []P `json:"l"`
	// +k8s:optional
	// +k8s:listType=set
	S []P `json:"s"`
	// +k8s:optional
	// +k8s:minimum=1
	F P `json:"f,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxLength=3
	// +k8s:eachKey=+k8s:maxLength=3
	M map[string]S `json:"m,omitempty"`
	// +k8s:required
	R S `json:"r"`
	// +k8s:unionMember
	// +k8s:optional
	U1 S `json:"u1,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	U2 P `json:"u2,omitempty"`
}

// Both compares a list of P with a list of *int32: two types, so two
// equality functions (P is not *int32).
type Both struct {
	// +k8s:listType=atomic
	// +k8s:maxItems=3
	C []P `json:"c"`
	// +k8s:listType=atomic
	// +k8s:maxItems=3
	D []*int32 `json:"d"`
}
