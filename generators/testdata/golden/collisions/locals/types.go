package locals

type p struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}

type obj struct {
	S string `json:"s"`
}

type v1 string

type errs []int32

var ctx = "x"

func field() {}

type E string

type A struct {
	// +k8s:eachKey=+k8s:neq="x"
	// +k8s:optional
	Size map[E]p `json:"size,omitempty"`
	// +k8s:required
	O *obj `json:"o"`
	// +k8s:listType=atomic
	// +k8s:maxItems=2
	V []v1 `json:"v"`
	// +k8s:maxItems=2
	Es errs `json:"es"`
	// +k8s:listType=map
	// +k8s:listMapKey=n
	Ps []p `json:"ps"`
}
