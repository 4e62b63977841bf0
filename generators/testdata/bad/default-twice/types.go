package bad

type T struct {
	// +k8s:optional
	// +default="a"
	// +default="b"
	Name string `json:"name,omitempty"`
}
