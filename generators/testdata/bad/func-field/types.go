package bad

type T struct {
	// +k8s:required
	Fn func() error `json:"fn"`
}
