package bad

func f() {
	// +k8s:minimum=1
	type Local int32
	_ = Local(0)
}
