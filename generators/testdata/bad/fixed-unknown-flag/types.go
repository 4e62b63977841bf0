package bad

type T struct {
	// +k8s:validateFalse(flags: "ShortCircuit, Fatal")="x"
	Name string `json:"name"`
}
