package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Fleet is the list-heavy kind: a list-map of structs that have rules of
// their own, and a list-set of names. The benchmarks (bench/) validate
// fleets of 1,000 to 100,000 devices, so the lists are bounded well above
// that for the CRD's CEL cost estimate.
type Fleet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec FleetSpec `json:"spec"`
}

type FleetSpec struct {
	// Devices, one per name.
	// +k8s:optional
	// +k8s:maxItems=200000
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Devices []Device `json:"devices,omitempty"`
	// Zones the fleet may run in.
	// +k8s:optional
	// +k8s:maxItems=200000
	// +k8s:listType=set
	Zones []string `json:"zones,omitempty"`
}

type Device struct {
	// +k8s:maxLength=63
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Slot int32 `json:"slot,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=32
	Model string `json:"model,omitempty"`
	// +k8s:optional
	Mode Mode `json:"mode,omitempty"`
}
