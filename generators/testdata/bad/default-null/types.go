package bad

type T struct {
	// +k8s:optional
	// +default=null
	Name *string `json:"name,omitempty"`
}
