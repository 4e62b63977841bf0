package b

// +k8s:maxLength=8
type Name string

type Ref struct {
	// +k8s:required
	Name Name `json:"name"`
}
