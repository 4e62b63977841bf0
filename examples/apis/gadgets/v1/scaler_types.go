package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Scaler scales gadgets: CEL rules written by the API author (the rule
// tag, and controller-gen's XValidation marker) on a kind, on types and on
// fields, transition rules included.
//
// +k8s:rule(rule: "!has(self.spec.maxReplicas) || self.spec.minReplicas <= self.spec.maxReplicas", message: "minReplicas must not exceed maxReplicas", fieldPath: ".spec.minReplicas")
// +k8s:rule(rule: "self.metadata.name.size() <= 20", message: "the name of a scaler has at most 20 characters")
type Scaler struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ScalerSpec `json:"spec"`
}

// +k8s:rule(rule: "self.mode == 'Off' || size(self.target) > 0", messageExpression: "'a target is needed in mode ' + self.mode", reason: "FieldValueRequired", fieldPath: ".target")
type ScalerSpec struct {
	// +k8s:maxLength=32
	// +k8s:rule(rule: "self == oldSelf", message: "target is immutable")
	Target string `json:"target"`
	// +k8s:minimum=0
	MinReplicas int32 `json:"minReplicas"`
	// +k8s:optional
	MaxReplicas *int32 `json:"maxReplicas,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self in ['Off', 'Auto', 'Manual']",message="mode must be Off, Auto or Manual"
	Mode string `json:"mode"`
	// +k8s:rule(rule: "!oldSelf.hasValue() || self >= oldSelf.value()", optionalOldSelf: true, message: "epoch may not decrease")
	Epoch int64 `json:"epoch"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Windows []Window `json:"windows,omitempty"`
}

// Window is a time window; its rule is on the type, and runs for each item.
//
// +k8s:rule(rule: "self.start < self.end", message: "start must be before end", reason: "FieldValueForbidden")
type Window struct {
	// +k8s:maxLength=16
	Name  string `json:"name"`
	Start int32  `json:"start"`
	End   int32  `json:"end"`
}
