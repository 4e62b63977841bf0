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

// Tiny is an alias of int8, which gengo folds with uint8 into byte: the
// generated code must name int8.
type Tiny = int8

// Nested is a list that holds itself, with no struct on the way.
// +k8s:listType=atomic
type Nested []Nested

// Aliased has a CEL rule, so its schema is built, through Nested too.
// +k8s:rule(rule: "self.t >= 0", message: "t must not be negative")
type Aliased struct {
	// +k8s:minimum=-3
	T Tiny `json:"t"`
	// +k8s:forbidden
	M []map[int32]Tiny `json:"m,omitempty"`
	// +k8s:maxItems=3
	N Nested `json:"n,omitempty"`
}

// Pair is generic: selected by =*, it gets no function (gengo has no type
// of its instances), though Aliased, which it holds, has validation.
type Pair[T any] struct {
	V T       `json:"v"`
	A Aliased `json:"a"`
}
