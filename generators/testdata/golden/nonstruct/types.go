package nonstruct

type F func() error

type C chan int

type Number interface{ ~int | ~int64 }

type I interface{ M() }

type T struct {
	// +k8s:minimum=1
	X int `json:"x"`
}

type P *T

type MI map[string]interface{}

type Holder struct {
	Fn  F              `json:"-"`
	Ch  C              `json:"-"`
	Ptr P              `json:"ptr,omitempty"`
	Any interface{}    `json:"any,omitempty"`
	M   MI             `json:"m,omitempty"`
	MA  map[string]any `json:"ma,omitempty"`
	Is  []I            `json:"is,omitempty"`
	// +k8s:required
	T *T `json:"t"`
}
