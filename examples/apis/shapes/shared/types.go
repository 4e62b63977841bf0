package shared

// +k8s:format=k8s-short-name
type Name string

type Ref struct {
	// +k8s:required
	Name Name `json:"name"`
	// +k8s:optional
	// +k8s:minimum=0
	Count *int64 `json:"count,omitempty"`
}
