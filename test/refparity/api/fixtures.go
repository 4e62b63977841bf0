package api

// Fixtures holds the test tags of Kubernetes' generator (validateTrue,
// validateFalse, validateTrueAlpha, validateTrueBeta) at every scope
// (type, field, list item, map key and value), at every stability level,
// with their flags and cohorts. They are alpha-level tags, which
// Kubernetes' lint wants behind +k8s:alpha, and the lint wants a presence
// tag on every validated field: the type turns the lint off, as k8s.io/api
// does on its alpha types.
//
// +k8s:validation-gen-nolint // Note: test tags at every level, on purpose
// +k8s:validateFalse="type Fixtures"
// +k8s:validateTrue
type Fixtures struct {
	// +k8s:optional
	// +k8s:validateFalse="optional, when set"
	Opt *string `json:"opt,omitempty"`
	// +k8s:validateFalse="a pointer, nil too"
	Ptr *int32 `json:"ptr,omitempty"`
	// +k8s:required
	// +k8s:validateFalse(flags: "ShortCircuit")="required, and a stop"
	// +k8s:maxLength=4
	// +k8s:validateFalse="after the stop"
	Req string `json:"req"`
	// +k8s:validateFalse(flags: "ShortCircuit")="a stop"
	// +k8s:minimum=3
	// +k8s:validateFalse="stopped"
	Stop int32 `json:"stop"`
	// +k8s:validateFalse(flags: "ShortCircuit,NonError")="a silent stop"
	// +k8s:validateFalse="stopped silently"
	Silent int32 `json:"silent"`
	// +k8s:alpha(since: "1.36")=+k8s:validateFalse="alpha"
	// +k8s:beta=+k8s:validateFalse="beta"
	// +k8s:validateTrueAlpha
	// +k8s:validateTrueBeta="passes"
	// +k8s:validateTrue(typeArg: "string")
	// +k8s:maxLength=3
	Levels string `json:"levels"`
	// +k8s:beta=+k8s:validateFalse(flags: "ShortCircuit")="a beta stop"
	// +k8s:validateFalse="stopped by beta"
	BetaStop *string `json:"betaStop,omitempty"`
	// +k8s:validateFalse(cohort: "a", flags: "ShortCircuit")="cohort a stops"
	// +k8s:validateFalse(cohort: "a")="stopped in cohort a"
	// +k8s:alpha=+k8s:validateFalse(cohort: "b")="cohort b, alpha"
	// +k8s:validateTrue(cohort: "b", flags: "ShortCircuit")
	// +k8s:validateFalse="the default cohort"
	// +k8s:minimum=0
	Cohorts int32 `json:"cohorts"`
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:validateFalse="each item"
	Items []string `json:"items"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:validateFalse(flags: "ShortCircuit")="each entry, a stop"
	Entries []FixedEntry `json:"entries"`
	// +k8s:eachKey=+k8s:alpha=+k8s:validateFalse="each key"
	// +k8s:eachVal=+k8s:beta=+k8s:validateFalse(flags: "ShortCircuit")="each value, a stop"
	Map map[string]string `json:"map"`
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:validateFalse(flags: "ShortCircuit")="each atomic item, a stop"
	Atomic []int32 `json:"atomic"`
	// +k8s:optional
	Typed *FixedType `json:"typed,omitempty"`
	// +k8s:optional
	Stopped *StoppedType `json:"stopped,omitempty"`
	Pass    PassType     `json:"pass"`
	// +k8s:subfield("value")=+k8s:validateFalse="through subfield"
	Sub FixedEntry `json:"sub"`
	// +k8s:ifEnabled("Strict")=+k8s:validateFalse="when strict"
	// +k8s:alpha=+k8s:ifDisabled("Strict")=+k8s:validateFalse="when lax, alpha"
	Optioned string      `json:"optioned"`
	Words    []FixedWord `json:"words"`
}

// FixedEntry is an item of a list-map, with a test tag of its own.
type FixedEntry struct {
	Name string `json:"name"`
	// +k8s:validateFalse="entry value"
	Value string `json:"value"`
}

// FixedType fails at the type and at its field.
//
// +k8s:alpha=+k8s:validateFalse="type FixedType, alpha"
type FixedType struct {
	// +k8s:validateFalse="FixedType field"
	N int32 `json:"n"`
}

// StoppedType's check stops its fields'.
//
// +k8s:beta=+k8s:validateFalse(flags: "ShortCircuit")="type StoppedType stops"
type StoppedType struct {
	// +k8s:validateFalse="never reached"
	N int32 `json:"n"`
}

// PassType has a check that never fails, and so a validation function.
//
// +k8s:validateTrueBeta
type PassType struct {
	N int32 `json:"n"`
}

// FixedWord fails at the type, as a list item.
//
// +k8s:validateFalse(flags: "ShortCircuit")="type FixedWord stops"
type FixedWord string
