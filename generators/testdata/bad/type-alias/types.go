package bad

// +k8s:minimum=0
type A = int32
