package neq

type NEQ struct {
	// +k8s:neq="forbidden-value"
	S string `json:"s"`
	// +k8s:neq=0
	I int32 `json:"i"`
	// +k8s:neq=-1
	I64 int64 `json:"i64"`
	// +k8s:neq=true
	B bool `json:"b"`
	// +k8s:optional
	// +k8s:neq="x"
	PS *string `json:"ps,omitempty"`
	// +k8s:eachVal=+k8s:neq=7
	L []int `json:"l"`
}
