package bad

// B inlines A, which inlines B again: JSON cannot flatten a struct into
// itself, and the schema of A (which its CEL rule needs) would never end.
// +k8s:rule(rule: "has(self.x)", message: "x is required")
type A struct {
	*B `json:",inline"`
}

type B struct {
	A `json:",inline"`
	X int32 `json:"x"`
}
