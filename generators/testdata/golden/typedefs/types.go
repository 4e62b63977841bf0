package typedefs

// +k8s:minimum=1
type Port int32

// +k8s:maxLength=5
// +k8s:format=k8s-short-name
type Short string

// Named is a typedef of a typedef with its own rule.
// +k8s:neq="none"
type Named Short

// +k8s:maxItems=2
// +k8s:eachVal=+k8s:minimum=0
type Ports []Port

// +k8s:eachKey=+k8s:maxLength=4
type Labels map[string]Short

type Typedefs struct {
	P Port `json:"p"`
	// +k8s:minimum=80
	P2 Port  `json:"p2"`
	S  Short `json:"s"`
	N  Named `json:"n"`
	// +k8s:optional
	PP *Port  `json:"pp,omitempty"`
	Ps Ports  `json:"ps"`
	L  Labels `json:"l"`
}
