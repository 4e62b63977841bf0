package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// DeviceClaim is shaped like resource/v1 ResourceClaim: requests are a
// list-map whose items may not be added or changed once the claim exists,
// each a union of an exact request and a list of alternatives.
type DeviceClaim struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DeviceClaimSpec `json:"spec"`
	// +k8s:optional
	Status *DeviceClaimStatus `json:"status,omitempty"`
}

type DeviceClaimSpec struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=32
	// +k8s:update=NoAddItem
	// +k8s:eachVal=+k8s:update=NoModify
	Requests []DeviceRequest `json:"requests,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=32
	Constraints []DeviceConstraint `json:"constraints,omitempty"`
}

type DeviceRequest struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	// +k8s:maxLength=63
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:unionMember
	Exactly *ExactDeviceRequest `json:"exactly,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=8
	// +k8s:beta(since: "1.36")=+k8s:unionMember
	FirstAvailable []DeviceSubRequest `json:"firstAvailable,omitempty"`
}

type ExactDeviceRequest struct {
	// +k8s:required
	// +k8s:format=k8s-long-name
	// +k8s:maxBytes=253
	// +k8s:maxLength=253
	DeviceClassName string `json:"deviceClassName"`
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=128
	Count int64 `json:"count,omitempty"`
	// Tolerations are one per key: an atomic list made unique by key.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=16
	// +k8s:beta(since: "1.37")=+k8s:unique=map
	// +k8s:listMapKey=key
	Tolerations []DeviceToleration `json:"tolerations,omitempty"`
}

type DeviceSubRequest struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	// +k8s:maxLength=63
	Name string `json:"name"`
	// +k8s:required
	// +k8s:format=k8s-long-name
	// +k8s:maxLength=253
	DeviceClassName string `json:"deviceClassName"`
}

type DeviceToleration struct {
	// +k8s:optional
	// +k8s:maxLength=63
	Key string `json:"key,omitempty"`
	// +k8s:optional
	Operator TolerationOperator `json:"operator,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=63
	Value string `json:"value,omitempty"`
}

// +k8s:enum
type TolerationOperator string

const (
	TolerationOpExists TolerationOperator = "Exists"
	TolerationOpEqual  TolerationOperator = "Equal"
)

type DeviceConstraint struct {
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:maxItems=32
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Requests []string `json:"requests,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=128
	MatchAttribute *string `json:"matchAttribute,omitempty"`
}

type DeviceClaimStatus struct {
	// The allocation is made once, and can only be removed.
	// +k8s:optional
	// +k8s:update=NoModify
	Allocation *AllocationResult `json:"allocation,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=uid
	// +k8s:maxItems=256
	ReservedFor []ConsumerReference `json:"reservedFor,omitempty"`
}

type AllocationResult struct {
	// +k8s:required
	// +k8s:listType=atomic
	// +k8s:maxItems=32
	Devices []DeviceResult `json:"devices"`
}

type DeviceResult struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Request string `json:"request"`
	// +k8s:required
	// +k8s:format=k8s-long-name
	Driver string `json:"driver"`
}

type ConsumerReference struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Resource string `json:"resource"`
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:required
	// +k8s:maxLength=36
	UID string `json:"uid"`
}
