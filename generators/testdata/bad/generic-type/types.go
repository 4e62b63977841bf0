package bad

// +k8s:maxItems=3
type L[T any] []T
