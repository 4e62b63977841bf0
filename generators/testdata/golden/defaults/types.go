package defaults

// Defaults has optional fields with defaults (+default, defaulter-gen's
// tag), which Kubernetes' validation reads as it does.
type Defaults struct {
	// A zero default on a value: the optional is documentation only, and
	// minimum checks the zero value.
	// +k8s:optional
	// +default=0
	// +k8s:minimum=1
	Replicas int32 `json:"replicas,omitempty"`

	// A default that is not the zero value: effectively required.
	// +k8s:beta=+k8s:optional
	// +default="Equal"
	Operator string `json:"operator,omitempty"`

	// A pointer with a default: effectively required.
	// +k8s:optional
	// +default={"single": {}}
	Policy *Policy `json:"policy,omitempty"`

	// +k8s:optional
	// +default=100
	// +k8s:minimum=1
	Count int32 `json:"count,omitempty"`

	// +k8s:ifEnabled("Strict")=+k8s:optional
	// +default="a"
	// +k8s:maxLength=3
	Gated string `json:"gated,omitempty"`

	// No optional: the default is defaulter-gen's alone.
	// +default="b"
	// +k8s:maxLength=3
	Plain string `json:"plain,omitempty"`
}

type Policy struct {
	// +k8s:optional
	// +k8s:maxLength=8
	Single *string `json:"single,omitempty"`
}
