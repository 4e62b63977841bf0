package bad

// +k8s:required
type F func() error
