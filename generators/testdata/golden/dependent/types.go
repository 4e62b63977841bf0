package dependent

// Job has fields that depend on each other, as k8s.io/api's batch/v1 Job
// (maxFailedIndexes needs backoffLimitPerIndex).
type Job struct {
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")
	MaxFailedIndexes *int32 `json:"maxFailedIndexes,omitempty"`
	// +k8s:optional
	BackoffLimitPerIndex *int32 `json:"backoffLimitPerIndex,omitempty"`

	// +k8s:optional
	// +k8s:dependentRequired("image")
	// +k8s:dependentForbidden("script")
	Command []string `json:"command,omitempty"`
	// +k8s:optional
	Image string `json:"image,omitempty"`
	// +k8s:optional
	Script map[string]string `json:"script,omitempty"`

	// +k8s:optional
	// +k8s:ifEnabled("Strict")=+k8s:dependentRequired("owner")
	// +k8s:beta=+k8s:ifDisabled("Strict")=+k8s:dependentForbidden("owner")
	Shared bool `json:"shared,omitempty"`
	// +k8s:optional
	Owner Name `json:"owner,omitempty"`
}

// Name is a typedef: set when not empty.
type Name string
