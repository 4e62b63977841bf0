package bad

type T struct{}

// +k8s:required
const K = 1
