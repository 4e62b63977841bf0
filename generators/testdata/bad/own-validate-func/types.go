package bad

type T struct {
	// +k8s:minimum=1
	N int `json:"n"`
}

func Validate_T(t T) bool { return t.N > 0 }
