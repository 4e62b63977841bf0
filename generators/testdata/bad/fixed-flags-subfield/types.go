package bad

type T struct {
	// +k8s:subfield("name")=+k8s:validateFalse(flags: "ShortCircuit")="x"
	In Inner `json:"in"`
}

type Inner struct {
	Name string `json:"name"`
}
