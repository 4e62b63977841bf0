package recursive

type Node struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	Children []Node `json:"children,omitempty"`
	// +k8s:optional
	Next   *Node            `json:"next,omitempty"`
	ByName map[string]*Node `json:"byName,omitempty"`
}

// A and B recurse through each other.
type A struct {
	// +k8s:minimum=0
	N int `json:"n"`
	B *B  `json:"b,omitempty"`
}

type B struct {
	A *A `json:"a,omitempty"`
	// A required pointer's checks do not read its old value.
	// +k8s:required
	P *int32 `json:"p"`
}

// F forbids its own recursion: the descent into Next is never written,
// and nothing it would have declared may be left unused.
type F struct {
	// +k8s:forbidden
	Next *F `json:"next,omitempty"`
	// +k8s:minimum=1
	N int32 `json:"n"`
}
