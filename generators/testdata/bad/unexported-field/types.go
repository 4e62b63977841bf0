package bad

type T struct {
	// +k8s:required
	name string
	// +k8s:optional
	Name string `json:"name,omitempty"`
}

func (t T) N() string { return t.name }
