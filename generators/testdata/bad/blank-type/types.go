package bad

type _ struct {
	// +k8s:required
	Name string `json:"name"`
}
