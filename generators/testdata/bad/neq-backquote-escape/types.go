package bad

type T struct {
	// +k8s:neq=`a\nb`
	S string `json:"s"`
}
