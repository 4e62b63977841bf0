package bad

type T struct {
	// +k8s:validateFalse(flags: "NonError")="x"
	Name string `json:"name"`
}
