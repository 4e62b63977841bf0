package bad

type Inner struct {
	// +k8s:optional
	N *int32 `json:"n,omitempty"`
}

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode("A")=+k8s:optional
	*Inner `json:",inline"`
}
