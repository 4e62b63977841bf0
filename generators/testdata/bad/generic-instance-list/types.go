package bad

type G[T any] struct {
	V T `json:"v"`
}

// A set compares its items, and the items are instances of G.
// +k8s:listType=set
type L []G[string]
