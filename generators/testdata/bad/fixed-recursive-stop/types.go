package bad

// +k8s:validateFalse(flags: "ShortCircuit")="x"
type Node struct {
	Children []Node `json:"children"`
}
