package bad

type T struct {
	// +k8s:optional
	// +default=ref(Other)
	Name string `json:"name,omitempty"`
}
