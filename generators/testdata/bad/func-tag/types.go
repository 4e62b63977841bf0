package bad

// +k8s:minimum=1
func Check() int { return 1 }
