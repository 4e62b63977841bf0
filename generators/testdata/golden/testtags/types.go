package testtags

type TypeMeta struct{}

type Root struct {
	TypeMeta `json:",inline"`

	// +k8s:optional
	F *Fixtures `json:"f,omitempty"`
	// +k8s:optional
	S *Stopped `json:"s,omitempty"`
	// +k8s:validateTrue
	Only Passing `json:"only"`
}

// +k8s:validateFalse="type Fixtures"
type Fixtures struct {
	// +k8s:validateFalse="a"
	// +k8s:validateFalse(flags: "ShortCircuit")="a stops"
	// +k8s:maxLength=3
	A string `json:"a"`
	// +k8s:validateFalse="b, also when nil"
	B *string `json:"b,omitempty"`
	// +k8s:optional
	// +k8s:validateFalse="c, when set"
	C *string `json:"c,omitempty"`
	// +k8s:eachVal=+k8s:validateFalse="each value"
	// +k8s:eachKey=+k8s:validateFalse(flags: "ShortCircuit")="each key"
	M map[string]string `json:"m"`
	// +k8s:alpha=+k8s:validateFalse="alpha"
	// +k8s:beta(since: "1.36")=+k8s:validateFalse(flags: "ShortCircuit")="beta stops"
	// +k8s:validateTrueAlpha
	// +k8s:validateTrueBeta="passes"
	L []string `json:"l"`
	// +k8s:validateFalse(cohort: "x", flags: "ShortCircuit")="x stops"
	// +k8s:validateFalse(cohort: "x")="x, stopped"
	// +k8s:validateFalse(cohort: "y")="y"
	// +k8s:validateTrue(cohort: "y", flags: "ShortCircuit")="y passes"
	// +k8s:minimum=1
	K int `json:"k"`
	// +k8s:validateTrue(typeArg: "int")
	// +k8s:validateFalse(flags: "ShortCircuit,NonError")="stops silently"
	// +k8s:minimum=1
	N int `json:"n"`
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:validateFalse(flags: "ShortCircuit")="item"
	Set []string `json:"set"`
}

// +k8s:validateFalse(flags: "ShortCircuit")="type Stopped"
type Stopped struct {
	// +k8s:validateFalse="never reached"
	X string `json:"x"`
}

// Passing has a check that never fails: it still gets a function.
// +k8s:validateTrue
type Passing struct {
	Y string `json:"y"`
}
