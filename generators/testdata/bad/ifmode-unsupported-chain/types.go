package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode("A")=+k8s:immutable
	A *string `json:"a,omitempty"`
}
