package bad

type G[T any] struct {
	// +k8s:required
	V T `json:"v"`
}
