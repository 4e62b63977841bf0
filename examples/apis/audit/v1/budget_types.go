package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// DisruptionBudget is shaped like policy/v1 PodDisruptionBudget: two
// IntOrString fields in a zeroOrOneOf group that also have CEL rules, a
// label selector, resource quantities in a map with a CEL rule, and a
// status subresource whose conditions are keyed by type and carry a
// metav1.Time, with transition rules.
//
// +kubebuilder:resource:path=disruptionbudgets,singular=disruptionbudget,shortName=db,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.currentHealthy,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Min",type=string,JSONPath=".spec.minAvailable"
// +kubebuilder:printcolumn:name="Healthy",type=integer,JSONPath=".status.currentHealthy",priority=1
type DisruptionBudget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DisruptionBudgetSpec   `json:"spec"`
	Status DisruptionBudgetStatus `json:"status,omitempty"`
}

// +k8s:rule(rule: "!has(self.minAvailable) || type(self.minAvailable) == string || !has(self.replicas) || self.minAvailable <= self.replicas", message: "minAvailable cannot exceed replicas", fieldPath: ".minAvailable")
type DisruptionBudgetSpec struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:rule(rule: "type(self) == int ? self >= 0 : self.matches('^[0-9]{1,3}%$')", message: "minAvailable is a count or a percentage")
	MinAvailable *intstr.IntOrString `json:"minAvailable,omitempty"`

	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +kubebuilder:validation:XValidation:rule="type(self) == int ? self >= 0 : self.matches('^[0-9]{1,3}%$')",message="maxUnavailable is a count or a percentage",reason="FieldValueInvalid"
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`

	// +k8s:optional
	Selector *LabelSelector `json:"selector,omitempty"`

	// +k8s:optional
	UnhealthyPodEvictionPolicy *EvictionPolicy `json:"unhealthyPodEvictionPolicy,omitempty"`

	// Quantities by resource name.
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-long-name
	// +k8s:eachKey=+k8s:maxLength=32
	Reserved map[string]resource.Quantity `json:"reserved,omitempty"`

	// +k8s:optional
	// +k8s:rule(rule: "quantity(self).isLessThan(quantity('10Gi'))", message: "at most 10Gi", reason: "FieldValueForbidden")
	Memory *resource.Quantity `json:"memory,omitempty"`

	// +k8s:ifEnabled("AuditStrict")=+k8s:forbidden
	// +k8s:optional
	// +k8s:rule(rule: "self != oldSelf || self == 'frozen'", message: "a mode other than frozen must change on every update")
	// +k8s:maxLength=16
	Mode string `json:"mode,omitempty"`
}

// +k8s:enum
type EvictionPolicy string

const (
	IfHealthyBudget EvictionPolicy = "IfHealthyBudget"
	AlwaysAllow     EvictionPolicy = "AlwaysAllow"
)

// LabelSelector has a map and a list of requirements with a rule between
// operator and values.
type LabelSelector struct {
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=32
	// +k8s:eachVal=+k8s:format=k8s-short-name
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

// +k8s:rule(rule: "self.operator in ['In', 'NotIn'] ? size(self.values) > 0 : size(self.values) == 0", messageExpression: "self.operator + ' needs ' + (self.operator in ['In', 'NotIn'] ? 'values' : 'no values')", reason: "FieldValueRequired", fieldPath: ".values")
type LabelSelectorRequirement struct {
	// +k8s:required
	// +k8s:maxLength=32
	Key string `json:"key"`
	// +k8s:required
	Operator SelectorOperator `json:"operator"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=16
	Values []string `json:"values,omitempty"`
}

// +k8s:enum
type SelectorOperator string

const (
	SelectorIn           SelectorOperator = "In"
	SelectorNotIn        SelectorOperator = "NotIn"
	SelectorExists       SelectorOperator = "Exists"
	SelectorDoesNotExist SelectorOperator = "DoesNotExist"
)

// +k8s:rule(rule: "self.currentHealthy >= 0 && self.desiredHealthy >= 0", message: "counts are not negative")
type DisruptionBudgetStatus struct {
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:rule(rule: "!oldSelf.hasValue() || self >= oldSelf.value()", optionalOldSelf: true, message: "observedGeneration may not decrease", reason: "FieldValueForbidden")
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// +k8s:minimum=0
	CurrentHealthy int32 `json:"currentHealthy"`
	// +k8s:minimum=0
	DesiredHealthy int32 `json:"desiredHealthy"`
	// +k8s:optional
	// +k8s:maxLength=64
	Selector string `json:"selector,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=type
	Conditions []Condition `json:"conditions,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	DisruptedPods map[string]metav1.Time `json:"disruptedPods,omitempty"`
}

// Condition is a list-map item with a metav1.Time and a transition rule
// reading it.
//
// +k8s:rule(rule: "self.status == oldSelf.status || self.lastTransitionTime != oldSelf.lastTransitionTime", message: "lastTransitionTime must change with status", fieldPath: ".lastTransitionTime")
type Condition struct {
	// +k8s:maxLength=32
	Type string `json:"type"`
	// +k8s:required
	Status             ConditionStatus `json:"status"`
	LastTransitionTime metav1.Time     `json:"lastTransitionTime,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=64
	Reason string `json:"reason,omitempty"`
}

// +k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)
