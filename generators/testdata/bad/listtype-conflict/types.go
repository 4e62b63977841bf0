package bad

// Strs is a set wherever it is used.
// +k8s:listType=set
type Strs []string

// The field says atomic: Go would check the set too, and the CRD would
// say atomic (or set), never both.
type S struct {
	// +k8s:listType=atomic
	B Strs `json:"b"`
}
