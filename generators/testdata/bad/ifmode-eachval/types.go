package bad

type T struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:ifMode("A")=+k8s:eachVal=+k8s:minimum=1
	Sizes []int32 `json:"sizes,omitempty"`
}
