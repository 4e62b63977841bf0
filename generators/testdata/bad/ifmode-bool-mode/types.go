package bad

type T struct {
	// +k8s:modeDiscriminator
	On bool `json:"on"`
	// +k8s:ifMode("yes")=+k8s:required
	A *string `json:"a,omitempty"`
	// +k8s:ifMode(true)=+k8s:optional
	B *string `json:"b,omitempty"`
}
