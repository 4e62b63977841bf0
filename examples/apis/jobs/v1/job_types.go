package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BatchJob is shaped like batch/v1 Job.
type BatchJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BatchJobSpec `json:"spec"`
	// +k8s:optional
	Status *BatchJobStatus `json:"status,omitempty"`
}

type BatchJobSpec struct {
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:minimum=0
	Parallelism *int32 `json:"parallelism,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	Completions *int32 `json:"completions,omitempty"`
	// The mode is chosen at creation.
	// +k8s:optional
	// +k8s:immutable
	CompletionMode *CompletionMode `json:"completionMode,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:maximum=10000
	BackoffLimitPerIndex *int32 `json:"backoffLimitPerIndex,omitempty"`
	// Meaningful only with a backoff limit per index (as in batch/v1).
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:beta(since: "1.37")=+k8s:maximum=100000
	// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")
	MaxFailedIndexes *int32 `json:"maxFailedIndexes,omitempty"`
	// A job managed by another controller cannot be suspended by this one.
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentForbidden("suspend")
	// +k8s:maxLength=63
	// +k8s:format=k8s-long-name
	// +k8s:immutable
	ManagedBy *string `json:"managedBy,omitempty"`
	// +k8s:optional
	Suspend *bool `json:"suspend,omitempty"`
	// The queues the job may run in: an atomic list (server-side apply
	// replaces it whole) whose items are unique.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=set
	// +k8s:maxItems=8
	// +k8s:eachVal=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:maxLength=63
	Queues []string `json:"queues,omitempty"`
	// +k8s:optional
	PodFailurePolicy *PodFailurePolicy `json:"podFailurePolicy,omitempty"`
	// Defaulted by the server (the CRD's default): optional to clients,
	// so "effectively required" in validation.
	// +k8s:optional
	// +default=6
	// +k8s:minimum=0
	BackoffLimit *int32 `json:"backoffLimit,omitempty"`
	// +k8s:optional
	// +default="Normal"
	PriorityClass PriorityClass `json:"priorityClass,omitempty"`
	// A zero default on a value: optional in documentation only, and its
	// minimum checks the zero value.
	// +k8s:optional
	// +default=0
	// +k8s:minimum=0
	ActiveDeadlineSeconds int64 `json:"activeDeadlineSeconds,omitempty"`
	// +k8s:optional
	Scheduling *SchedulingPolicy `json:"scheduling,omitempty"`
}

// How the job's pods are placed, shaped like flowcontrol/v1's
// PriorityLevelConfigurationSpec: the type says which of the other fields
// may be set (beta, as k8s.io/api writes its mode unions).
type SchedulingPolicy struct {
	// +k8s:required
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
	Type SchedulingType `json:"type"`
	// Required for gang scheduling, forbidden otherwise.
	// +k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Gang")=+k8s:required
	Gang *GangScheduling `json:"gang,omitempty"`
	// Allowed for spread scheduling only, where it may be left out.
	// +k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Spread")=+k8s:optional
	Spread *SpreadScheduling `json:"spread,omitempty"`
}

// +k8s:enum
type SchedulingType string

const (
	SchedulingDefault SchedulingType = "Default"
	SchedulingGang    SchedulingType = "Gang"
	SchedulingSpread  SchedulingType = "Spread"
)

type GangScheduling struct {
	// +k8s:required
	// +k8s:minimum=1
	MinMembers int32 `json:"minMembers"`
}

type SpreadScheduling struct {
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=100
	MaxSkew int32 `json:"maxSkew,omitempty"`
}

// +k8s:enum
type PriorityClass string

const (
	PriorityNormal PriorityClass = "Normal"
	PriorityHigh   PriorityClass = "High"
)

// +k8s:enum
type CompletionMode string

const (
	NonIndexedCompletion CompletionMode = "NonIndexed"
	IndexedCompletion    CompletionMode = "Indexed"
)

type PodFailurePolicy struct {
	// +k8s:required
	// +k8s:listType=atomic
	// +k8s:maxItems=20
	Rules []PodFailurePolicyRule `json:"rules"`
}

// A rule matches on exit codes or on pod conditions: exactly one.
type PodFailurePolicyRule struct {
	// +k8s:required
	Action PodFailurePolicyAction `json:"action"`
	// +k8s:optional
	// +k8s:unionMember
	OnExitCodes *OnExitCodes `json:"onExitCodes,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=20
	// +k8s:unionMember
	OnPodConditions []PodConditionPattern `json:"onPodConditions,omitempty"`
}

// +k8s:enum
type PodFailurePolicyAction string

const (
	ActionFailJob PodFailurePolicyAction = "FailJob"
	// Failing one index is being rolled out behind the JobsFailIndex
	// option: without it, FailIndex is not a value.
	// +k8s:ifDisabled("JobsFailIndex")=+k8s:enumExclude
	ActionFailIndex PodFailurePolicyAction = "FailIndex"
	ActionIgnore    PodFailurePolicyAction = "Ignore"
	ActionCount     PodFailurePolicyAction = "Count"
	// A value the controller writes for itself, never a client.
	// +k8s:enumExclude
	ActionUnknown PodFailurePolicyAction = "Unknown"
)

type OnExitCodes struct {
	// +k8s:required
	// +k8s:listType=set
	// +k8s:maxItems=255
	// +k8s:eachVal=+k8s:minimum=1
	Values []int32 `json:"values"`
}

type PodConditionPattern struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Type string `json:"type"`
	// +k8s:required
	Status ConditionStatus `json:"status"`
}

// +k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

type BatchJobStatus struct {
	// Conditions are kept once added (alpha: reported, not enforced).
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:maxItems=16
	// +k8s:alpha(since: "1.37")=+k8s:update=NoRemoveItem
	Conditions []JobCondition `json:"conditions,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:alpha(since: "1.37")=+k8s:monotonic
	Succeeded int32 `json:"succeeded,omitempty"`
	// Set once the job starts, then kept.
	// +k8s:optional
	// +k8s:update=NoUnset
	// +k8s:update=NoModify
	// +k8s:maxLength=32
	StartTime *string `json:"startTime,omitempty"`
}

type JobCondition struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Type string `json:"type"`
	// +k8s:required
	Status ConditionStatus `json:"status"`
	// +k8s:optional
	// +k8s:maxLength=256
	Message string `json:"message,omitempty"`
}
