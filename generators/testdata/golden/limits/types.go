package limits

// Port is bounded on its type.
// +k8s:minimum=1
// +k8s:maximum=65535
type Port int32

// Name is bounded in characters.
// +k8s:minLength=1
// +k8s:maxLength=63
type Name string

// Names has one to eight items.
// +k8s:minItems=1
// +k8s:maxItems=8
type Names []Name

type Limits struct {
	// +k8s:maximum=10
	Replicas int32 `json:"replicas"`
	// +k8s:optional
	// +k8s:maximum=-1
	Below *int64 `json:"below,omitempty"`
	P     Port   `json:"p"`
	// +k8s:minLength=3
	Code string `json:"code"`
	// +k8s:optional
	// +k8s:minLength=2
	Nick *string `json:"nick,omitempty"`
	// +k8s:minItems=2
	Pair []string `json:"pair"`
	// +k8s:optional
	// +k8s:minItems=1
	// +k8s:eachVal=+k8s:minLength=1
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:minLength=2
	// +k8s:eachVal=+k8s:maximum=5
	Weights map[string]int32 `json:"weights,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:minItems=1
	Groups map[string][]string `json:"groups,omitempty"`
	N      Names               `json:"n"`
	// +k8s:minProperties=1
	// +k8s:maxProperties=4
	// +k8s:eachVal=+k8s:minLength=1
	Env map[string]string `json:"env"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxProperties=2
	Nested []map[string]int32 `json:"nested,omitempty"`
}

// Annotations has at most 64 entries wherever it is used.
// +k8s:maxProperties=64
type Annotations map[string]string
