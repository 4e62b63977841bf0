package bad

// +k8s:maxLength=3
type I interface{ M() }
