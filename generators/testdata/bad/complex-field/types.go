package bad

// JSON cannot encode a complex number, so no tag applies to one (before,
// a forbidden tag compared it with nil, which does not compile).
type T struct {
	// +k8s:forbidden
	C complex128 `json:"c"`
}
