package api

// Dependents uses dependentRequired and dependentForbidden as k8s.io/api
// does (batch/v1 Job, resource/v1 capacity, core/v1 Pod), with every kind
// of field that can be set or unset. Kubernetes' generator writes code
// that does not compile for a dependency under ifEnabled or ifDisabled,
// or on a field of a named scalar type (type Name string); validation-gen
// generates both (golden case dependent), so they are not here.
type Dependents struct {
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")
	MaxFailedIndexes *int32 `json:"maxFailedIndexes,omitempty"`
	// +k8s:optional
	BackoffLimitPerIndex *int32 `json:"backoffLimitPerIndex,omitempty"`
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("image")
	// +k8s:alpha(since: "1.37")=+k8s:dependentForbidden("script")
	Command []string `json:"command,omitempty"`
	// +k8s:optional
	Image string `json:"image,omitempty"`
	// +k8s:optional
	Script map[string]string `json:"script,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:dependentRequired("owner")
	Shared bool `json:"shared,omitempty"`
	// +k8s:optional
	Owner string `json:"owner,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:dependentForbidden("count")
	Ratio *Disk `json:"ratio,omitempty"`
	// +k8s:optional
	Count int64 `json:"count,omitempty"`
}

// Pinned is immutable as a whole: on an update that changes it, the
// immutable error stops its fields' checks, as Kubernetes' short-circuits
// of a type do.
// +k8s:immutable
type Pinned struct {
	// +k8s:optional
	// +k8s:maxLength=3
	Name string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	Size int32 `json:"size,omitempty"`
}
