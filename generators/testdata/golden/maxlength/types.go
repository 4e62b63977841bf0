package maxlength

type MaxLength struct {
	// +k8s:maxLength=0
	Zero string `json:"zero"`
	// +k8s:maxLength=10
	S string `json:"s"`
	// +k8s:optional
	// +k8s:maxLength=3
	P *string `json:"p,omitempty"`
	// +k8s:eachVal=+k8s:maxLength=4
	L []string `json:"l"`
}
