package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// AccessPolicy is shaped like an authorization policy: an atomic list of
// rules, each a discriminated union with a nested required struct, a
// label selector with a two-key list-map, and an embedded inline struct.
//
// +kubebuilder:resource:scope=Cluster
type AccessPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AccessPolicySpec `json:"spec"`
}

// PolicyMeta is embedded inline in the spec.
type PolicyMeta struct {
	// +k8s:required
	// +k8s:format=k8s-long-name
	Owner string `json:"owner"`
	// +k8s:optional
	// +k8s:maxLength=16
	// +k8s:neq="none"
	Team string `json:"team,omitempty"`
}

type AccessPolicySpec struct {
	PolicyMeta `json:",inline"`

	// +k8s:required
	// +k8s:maxItems=3
	Rules []PolicyRule `json:"rules"`
	// Action without presence tag: the zero value is not an enum value.
	DefaultAction Action `json:"defaultAction"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:neq=0
	Priorities []int64  `json:"priorities,omitempty"`
	Selector   Selector `json:"selector"`
	// +k8s:optional
	// +k8s:subfield("namespace")=+k8s:format=k8s-short-name
	// +k8s:subfield("name")=+k8s:format=k8s-path-segment-name
	Target *ObjectRef `json:"target,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-prefixed-label-key
	RequiredLabels []string `json:"requiredLabels,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("ProbeStrict")=+k8s:neq="off"
	// +k8s:maxLength=8
	AuditMode *string `json:"auditMode,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:maxLength=10
	Audiences []ShortName `json:"audiences,omitempty"`
	// +k8s:forbidden
	// +k8s:maxItems=2
	Deprecated []string `json:"deprecated,omitempty"`
	// +k8s:forbidden
	Annotations map[string]string `json:"annotations,omitempty"`
	// +k8s:required
	Enabled bool `json:"enabled"`
	// +k8s:optional
	// +k8s:ifDisabled("ProbeStrict")=+k8s:forbidden
	Strict bool `json:"strict,omitempty"`
	// Subfields chained through a non-pointer struct, and nested lists
	// and maps of lists.
	// +k8s:subfield("window")=+k8s:subfield("size")=+k8s:minimum=2
	// +k8s:subfield("burst")=+k8s:neq=7
	Global RateLimit `json:"global"`
	// +k8s:optional
	Tuning   *Tuning  `json:"tuning,omitempty"`
	Matchers Matchers `json:"matchers"`
}

// Tuning has a type-level subfield.
//
// +k8s:subfield("level")=+k8s:minimum=-5
type Tuning struct {
	// +k8s:minimum=-10
	Level int8 `json:"level"`
	// +k8s:optional
	// +k8s:minimum=3
	Shards uint16 `json:"shards,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:ifEnabled("ProbeStrict")=+k8s:minimum=5
	// +k8s:eachVal=+k8s:ifDisabled("ProbeStrict")=+k8s:neq=0
	// +k8s:maxItems=3
	Steps []int32 `json:"steps,omitempty"`
	// +k8s:optional
	Mode TuningMode `json:"mode,omitempty"`
	// +k8s:neq=false
	Armed bool `json:"armed"`
}

// TuningMode is an enum whose zero value is a constant.
//
// +k8s:enum
type TuningMode string

const (
	TuningModeDefault TuningMode = ""
	TuningModeFast    TuningMode = "Fast"
)

// Matchers is a zeroOrOneOf of a list and a map, and a union of scalars.
type Matchers struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:maxItems=2
	// +k8s:eachVal=+k8s:eachVal=+k8s:maxLength=4
	Paths [][]string `json:"paths,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxItems=2
	// +k8s:eachKey=+k8s:format=k8s-short-name
	Headers map[string][]string `json:"headers,omitempty"`
	// +k8s:unionMember(union: "who")
	// +k8s:optional
	// +k8s:maxLength=8
	User string `json:"user,omitempty"`
	// +k8s:unionMember(union: "who")
	// +k8s:optional
	// +k8s:minimum=1
	UID int64 `json:"uid,omitempty"`
	// +k8s:unionMember(union: "who", memberName: "Everyone")
	// +k8s:optional
	All bool `json:"all,omitempty"`
}

// +k8s:enum
type Action string

const (
	ActionAllow Action = "Allow"
	ActionDeny  Action = "Deny"
	ActionAudit Action = "Audit"
)

// +k8s:enum
type Verb string

const (
	VerbGet    Verb = "get"
	VerbList   Verb = "list"
	VerbCreate Verb = "create"
	VerbDelete Verb = "delete"
)

// +k8s:enum
type MatchKind string

const (
	MatchExact  MatchKind = "Exact"
	MatchPrefix MatchKind = "Prefix"
	MatchAny    MatchKind = "Any"
)

// PolicyRule is an item of an atomic list: a discriminated union whose
// members are a pointer, a list and a bool, and a nested non-pointer
// struct with a rule its zero value breaks.
type PolicyRule struct {
	// +k8s:required
	Action Action `json:"action"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:format=k8s-long-name
	// +k8s:eachVal=+k8s:maxLength=64
	Resources []string `json:"resources,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	Verbs []Verb `json:"verbs,omitempty"`
	// +k8s:unionDiscriminator
	// +k8s:required
	Match MatchKind `json:"match"`
	// +k8s:unionMember
	// +k8s:optional
	// +k8s:maxLength=32
	Exact *string `json:"exact,omitempty"`
	// +k8s:unionMember(memberName: "Prefix")
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:maxLength=8
	Prefixes []string `json:"prefixes,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Any    bool      `json:"any,omitempty"`
	Limits RateLimit `json:"limits"`
}

type RateLimit struct {
	// +k8s:minimum=1
	Burst int32 `json:"burst"`
	// +k8s:optional
	// +k8s:neq=-1
	QPS    *int64 `json:"qps,omitempty"`
	Window Window `json:"window"`
}

// Window is the third non-pointer struct level below a list item.
type Window struct {
	// +k8s:required
	// +k8s:maxLength=8
	Unit string `json:"unit"`
	// +k8s:optional
	// +k8s:minimum=1
	Size int32 `json:"size,omitempty"`
}

type Selector struct {
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:maxLength=16
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=key
	// +k8s:listMapKey=operator
	// +k8s:item(key: "env", operator: "In")=+k8s:subfield("values")=+k8s:maxItems=1
	MatchExpressions []Requirement `json:"matchExpressions,omitempty"`
}

type Requirement struct {
	// +k8s:maxLength=32
	Key string `json:"key"`
	// +k8s:required
	Operator Operator `json:"operator"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=16
	Values []string `json:"values,omitempty"`
}

// +k8s:enum
type Operator string

const (
	OperatorIn     Operator = "In"
	OperatorNotIn  Operator = "NotIn"
	OperatorExists Operator = "Exists"
)

type ObjectRef struct {
	// +k8s:required
	// +k8s:maxLength=32
	Name string `json:"name"`
	// +k8s:optional
	Namespace string `json:"namespace,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	Generation int64 `json:"generation,omitempty"`
	// +k8s:optional
	UID *UID `json:"uid,omitempty"`
}
