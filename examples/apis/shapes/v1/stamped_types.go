package v1

import (
	"net/netip"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Stamped holds apimachinery's types beside a validated field, as a status
// with conditions does: on update it is compared the way
// equality.Semantic compares it (times as instants, quantities by value),
// without reflection.
type Stamped struct {
	// +k8s:minimum=0
	Count int32       `json:"count"`
	At    metav1.Time `json:"at,omitempty"`
	// +k8s:optional
	Expires  *metav1.Time      `json:"expires,omitempty"`
	Observed metav1.MicroTime  `json:"observed,omitempty"`
	Size     resource.Quantity `json:"size,omitempty"`
	// +k8s:optional
	Limits map[string]resource.Quantity `json:"limits,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +k8s:optional
	Windows map[string]Window `json:"windows,omitempty"`
	// A time.Time has unexported fields: it alone is compared with
	// equality.Semantic.
	// +k8s:optional
	Wall *time.Time `json:"wall,omitempty"`
	// +k8s:optional
	Hosts map[string]Host `json:"hosts,omitempty"`
}

// Host is a map value holding a type generated code cannot see into
// (netip.Addr has unexported fields, on which equality.Semantic panics):
// it is compared by reflection, and must not panic.
type Host struct {
	// +k8s:minimum=1
	Port int32      `json:"port"`
	Addr netip.Addr `json:"addr,omitempty"`
}

// Window is a map value (a local copy while validated) that holds a
// metav1.Time.
type Window struct {
	// +k8s:minimum=1
	Minutes int32       `json:"minutes"`
	Start   metav1.Time `json:"start,omitempty"`
}
