package bad

type T struct {
	// +k8s:optional
	// +default
	Name string `json:"name,omitempty"`
}
