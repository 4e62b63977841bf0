package bad

// +k8s:maxLength=3
type (
	A string
	B string
)
