package subfield

type Inner struct {
	Name  string `json:"name"`
	Count int32  `json:"count"`
	// +k8s:optional
	Ptr *string `json:"ptr,omitempty"`
}

// +k8s:subfield("count")=+k8s:minimum=1
type Wrapped Inner

type Subfield struct {
	// +k8s:subfield("name")=+k8s:required
	// +k8s:subfield("name")=+k8s:maxLength=4
	// +k8s:subfield("count")=+k8s:minimum=0
	A Inner `json:"a"`
	// +k8s:optional
	// +k8s:subfield("ptr")=+k8s:format=k8s-ip
	B *Inner  `json:"b,omitempty"`
	W Wrapped `json:"w"`
}
