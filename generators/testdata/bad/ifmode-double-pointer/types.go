package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode("A")=+k8s:required
	P **string `json:"p,omitempty"`
}
