package bad

// +k8s:maxItems=1
type C chan int
