package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Rig is a rack of gadgets: rules on structs nested in lists, where the
// API server can correlate an item with the old list (a list-map) and
// where it cannot (an atomic list).
//
// +kubebuilder:resource:scope=Cluster
type Rig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RigSpec `json:"spec"`
}

type RigSpec struct {
	// +k8s:optional
	// +k8s:maxItems=3
	Slots []Slot `json:"slots,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=id
	Cables []Cable `json:"cables,omitempty"`
	// +k8s:optional
	Rack *Rack `json:"rack,omitempty"`
}

// Slot is an item of an atomic list: a union and a required field.
type Slot struct {
	// +k8s:required
	// +k8s:maxLength=16
	Name string `json:"name"`
	// +k8s:unionMember
	// +k8s:optional
	Fan *Fan `json:"fan,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Drive *string `json:"drive,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Labels []string `json:"labels,omitempty"`
}

type Fan struct {
	// +k8s:minimum=1
	Speed int32 `json:"speed"`
}

// Cable is an item of a list-map: a zeroOrOneOf and a non-pointer struct
// whose zero value is invalid.
type Cable struct {
	// +k8s:maxLength=8
	ID string `json:"id"`
	// +k8s:optional
	// +k8s:minimum=1
	Length int32 `json:"length,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Copper *bool `json:"copper,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Fiber *bool `json:"fiber,omitempty"`
	Plug  Plug  `json:"plug"`
}

type Plug struct {
	// +k8s:format=k8s-short-name
	Kind string `json:"kind"`
}

// Rack is behind a pointer: its rules are on it, not lifted to the root.
type Rack struct {
	// +k8s:required
	Row string `json:"row"`
	// +k8s:minimum=1
	Units int32 `json:"unit-count"` // not a CEL identifier: escaped in rules
	// +k8s:optional
	// +k8s:neq="x"
	Tag string `json:"tag,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=4
	// +k8s:eachVal=+k8s:minimum=0
	Weights map[string]int32 `json:"weights,omitempty"`
}
