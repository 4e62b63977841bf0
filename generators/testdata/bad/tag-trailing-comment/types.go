package bad

type T struct {
	Name string `json:"name"` // +k8s:required
}
