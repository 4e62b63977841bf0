package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ScheduledJob is shaped like batch/v1 CronJob: a job template two
// non-pointer structs deep, a pod failure policy whose rules are a union of
// a pointer to a struct and a list, and CEL rules written by the API author
// on the kind, on types and on fields (transition rules, optionalOldSelf,
// messageExpression, reason, fieldPath). Its status is not a subresource,
// so that the differential test, which writes the main resource, sees the
// rules of the status change too.
//
// +k8s:rule(rule: "!has(self.spec.startingDeadlineSeconds) || self.spec.startingDeadlineSeconds <= 3600", message: "startingDeadlineSeconds is at most an hour", fieldPath: ".spec.startingDeadlineSeconds")
type ScheduledJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScheduledJobSpec `json:"spec"`
	// +k8s:optional
	Status *ScheduledJobStatus `json:"status,omitempty"`
}

// +kubebuilder:validation:XValidation:rule="!has(self.suspend) || !self.suspend || self.concurrencyPolicy != 'Replace'",message="a suspended job cannot replace",fieldPath=".concurrencyPolicy",reason="FieldValueForbidden"
type ScheduledJobSpec struct {
	// +k8s:required
	// +k8s:minLength=9
	// +k8s:maxLength=64
	// +k8s:rule(rule: "self.split(' ').size() == 5", messageExpression: "'schedule ' + self + ' does not have 5 fields'")
	Schedule string `json:"schedule"`
	// +k8s:optional
	// +k8s:maxLength=32
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="timeZone is immutable"
	TimeZone *string `json:"timeZone,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	StartingDeadlineSeconds *int64 `json:"startingDeadlineSeconds,omitempty"`
	// No presence tag: the zero value is not one of the enum's values.
	ConcurrencyPolicy ConcurrencyPolicy `json:"concurrencyPolicy"`
	// +k8s:optional
	Suspend     *bool       `json:"suspend,omitempty"`
	JobTemplate JobTemplate `json:"jobTemplate"`
	// The upper bound is being rolled out: alpha, so reported by the Go
	// validator (marked alpha) but enforced by neither Kubernetes 1.37 nor
	// the CRD (written with the default --crd-stability=beta).
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:alpha(since: "1.37")=+k8s:maximum=100
	SuccessfulJobsHistoryLimit *int32 `json:"successfulJobsHistoryLimit,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:rule(rule: "self >= oldSelf", message: "failedJobsHistoryLimit may not decrease", reason: "FieldValueForbidden")
	FailedJobsHistoryLimit int16 `json:"failedJobsHistoryLimit,omitempty"`
	// The queue a job runs in is chosen once (beta: enforced by default).
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:immutable
	// +k8s:maxBytes=20
	Queue string `json:"queue,omitempty"`
	// Set at creation or never, and then kept.
	// +k8s:optional
	// +k8s:update=NoSet
	// +k8s:update=NoUnset
	Owner *string `json:"owner,omitempty"`
	// May be set or cleared, but not changed while set.
	// +k8s:optional
	// +k8s:update=NoModify
	Priority int32 `json:"priority,omitempty"`
	// +k8s:optional
	Epoch Epoch `json:"epoch,omitempty"`
}

// Epoch counts schedule changes; it never goes back.
// +k8s:monotonic
type Epoch int64

// +k8s:beta(since: "1.36")=+k8s:enum
type ConcurrencyPolicy string

const (
	ConcurrencyAllow   ConcurrencyPolicy = "Allow"
	ConcurrencyForbid  ConcurrencyPolicy = "Forbid"
	ConcurrencyReplace ConcurrencyPolicy = "Replace"
)

type JobTemplate struct {
	// +k8s:optional
	// +k8s:maxProperties=8
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Labels map[string]string `json:"labels,omitempty"`
	// None, or at least two.
	// +k8s:optional
	// +k8s:minProperties=2
	// +k8s:eachKey=+k8s:minLength=2
	Annotations map[string]string `json:"annotations,omitempty"`
	// None, or at least two non-empty ones.
	// +k8s:optional
	// +k8s:minItems=2
	// +k8s:eachVal=+k8s:minLength=1
	Args []string `json:"args,omitempty"`
	// Selectors may lose entries but gain none, and keep their values.
	// +k8s:optional
	// +k8s:update=NoAddItem
	// +k8s:maxProperties=8
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:immutable
	Selectors map[string]string `json:"selectors,omitempty"`

	Spec JobSpec `json:"spec"`
}

// JobSpec carries type-level rules that read several fields.
//
// +k8s:rule(rule: "!has(self.completions) || !has(self.parallelism) || self.parallelism <= self.completions", message: "parallelism must not exceed completions", fieldPath: ".parallelism")
// +k8s:rule(rule: "!has(self.completionMode) || self.completionMode != 'Indexed' || has(self.completions)", messageExpression: "'completions is required in completionMode ' + self.completionMode", reason: "FieldValueRequired", fieldPath: ".completions")
type JobSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Parallelism *int32 `json:"parallelism,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:rule(rule: "self == oldSelf", message: "completions is immutable")
	Completions *int32 `json:"completions,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	ActiveDeadlineSeconds *int64 `json:"activeDeadlineSeconds,omitempty"`
	// +k8s:minimum=0
	BackoffLimit int32 `json:"backoffLimit"`
	// +k8s:optional
	CompletionMode CompletionMode `json:"completionMode,omitempty"`
	// +k8s:optional
	PodFailurePolicy *PodFailurePolicy `json:"podFailurePolicy,omitempty"`
	// +k8s:optional
	SuccessPolicy *SuccessPolicy `json:"successPolicy,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	TTLSecondsAfterFinished *int32 `json:"ttlSecondsAfterFinished,omitempty"`
	// +k8s:optional
	// +k8s:rule(rule: "!oldSelf.hasValue() || !oldSelf.value() || self", optionalOldSelf: true, message: "manualSelector cannot be turned off")
	ManualSelector *bool `json:"manualSelector,omitempty"`
	// An unsigned field with a bound.
	// +k8s:optional
	// +k8s:minimum=1
	MaxFailedIndexes uint32 `json:"maxFailedIndexes,omitempty"`
}

// +k8s:enum
type CompletionMode string

const (
	CompletionNonIndexed CompletionMode = "NonIndexed"
	CompletionIndexed    CompletionMode = "Indexed"
)

type PodFailurePolicy struct {
	// +k8s:required
	// +k8s:maxItems=3
	Rules []PodFailurePolicyRule `json:"rules"`
}

// PodFailurePolicyRule is an item of an atomic list: a union of a pointer
// to a struct and a list of structs, and a rule between the action and the
// members.
//
// +k8s:rule(rule: "self.action != 'Count' || !has(self.onPodConditions)", message: "the Count action needs onExitCodes", fieldPath: ".action")
type PodFailurePolicyRule struct {
	// +k8s:required
	Action PodFailureAction `json:"action"`
	// +k8s:beta(since: "1.36")=+k8s:unionMember
	// +k8s:optional
	OnExitCodes *ExitCodesRequirement `json:"onExitCodes,omitempty"`
	// +k8s:beta(since: "1.36")=+k8s:unionMember
	// +k8s:optional
	// +k8s:maxItems=2
	OnPodConditions []PodConditionPattern `json:"onPodConditions,omitempty"`
}

// +k8s:enum
type PodFailureAction string

const (
	PodFailureFailJob PodFailureAction = "FailJob"
	PodFailureIgnore  PodFailureAction = "Ignore"
	PodFailureCount   PodFailureAction = "Count"
)

type ExitCodesRequirement struct {
	// +k8s:optional
	// +k8s:format=k8s-short-name
	ContainerName *string `json:"containerName,omitempty"`
	// +k8s:required
	Operator ExitCodeOperator `json:"operator"`
	// +k8s:required
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:rule(rule: "self.all(x, x >= 0 && x <= 255)", message: "exit codes are 0 to 255")
	Values []int32 `json:"values"`
}

// +k8s:enum
type ExitCodeOperator string

const (
	ExitCodeIn    ExitCodeOperator = "In"
	ExitCodeNotIn ExitCodeOperator = "NotIn"
)

type PodConditionPattern struct {
	// +k8s:required
	// +k8s:maxLength=32
	Type string `json:"type"`
	// +k8s:required
	Status ConditionStatus `json:"status"`
}

type SuccessPolicy struct {
	// +k8s:required
	// +k8s:maxItems=2
	Rules []SuccessPolicyRule `json:"rules"`
}

// +k8s:rule(rule: "has(self.succeededIndexes) || has(self.succeededCount)", message: "one of succeededIndexes and succeededCount is needed", reason: "FieldValueRequired")
type SuccessPolicyRule struct {
	// +k8s:optional
	// +k8s:maxLength=32
	SucceededIndexes *string `json:"succeededIndexes,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	SucceededCount *int32 `json:"succeededCount,omitempty"`
}

type ScheduledJobStatus struct {
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=namespace
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:update=NoModify
	// +k8s:update=NoRemoveItem
	Active []ObjectReference `json:"active,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:rule(rule: "!oldSelf.hasValue() || self >= oldSelf.value()", optionalOldSelf: true, message: "lastScheduleTime may not go back")
	LastScheduleTime int64 `json:"lastScheduleTime,omitempty"`
}

// +k8s:rule(rule: "self.name != self.namespace", message: "name and namespace must differ", fieldPath: ".name")
type ObjectReference struct {
	// +k8s:format=k8s-short-name
	Namespace string `json:"namespace"`
	// +k8s:maxLength=16
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maxLength=36
	// +k8s:rule(rule: "self == oldSelf", message: "uid is immutable")
	UID string `json:"uid,omitempty"`
}
