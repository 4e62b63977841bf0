package playground

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The types below mirror the example kinds field for field, with the same
// JSON names; their `validate` tags are the `+k8s:` tags of the originals
// as go-playground spells them. Metadata is not validated by the generated
// validators either, so it is skipped ("-").

// CronTab mirrors stable/v1.CronTab.
type CronTab struct {
	metav1.TypeMeta   `json:",inline" validate:"-"`
	metav1.ObjectMeta `json:"metadata,omitempty" validate:"-"`

	Spec CronTabSpec `json:"spec"`
}

// CronTabSpec mirrors stable/v1.CronTabSpec.
type CronTabSpec struct {
	// +k8s:required +k8s:maxLength=64
	CronSpec string `json:"cronSpec" validate:"required,max=64"`
	// +k8s:required +k8s:maxLength=256
	Image string `json:"image" validate:"required,max=256"`
	// +k8s:optional +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty" validate:"omitempty,min=1"`
}

// Gadget mirrors gadgets/v1.Gadget.
type Gadget struct {
	metav1.TypeMeta   `json:",inline" validate:"-"`
	metav1.ObjectMeta `json:"metadata,omitempty" validate:"-"`

	Spec GadgetSpec `json:"spec"`
	// +k8s:optional
	Status *GadgetStatus `json:"status,omitempty" validate:"omitempty"`
}

// GadgetSpec mirrors gadgets/v1.GadgetSpec. The rules go-playground's tags
// cannot place on a field (the subfield rule on disk, the item rules on
// ports) are in the struct-level validation gadgetSpecRules.
type GadgetSpec struct {
	// +k8s:required +k8s:format=k8s-short-name
	Model string `json:"model" validate:"required,k8s-short-name"`
	// +k8s:optional +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty" validate:"omitempty,min=1"`
	// +k8s:optional +k8s:maxLength=16 +k8s:neq="none"
	Label string `json:"label,omitempty" validate:"omitempty,max=16,ne=none"`
	// +k8s:format=k8s-long-name (no presence tag: the empty string is checked too)
	Vendor string `json:"vendor" validate:"k8s-long-name"`
	// +k8s:minimum=0
	Priority int32 `json:"priority" validate:"min=0"`
	// +k8s:optional +k8s:format=k8s-ip
	Address string `json:"address,omitempty" validate:"omitempty,k8s-ip"`
	// +k8s:optional, and Mode is +k8s:enum
	Mode Mode `json:"mode,omitempty" validate:"omitempty,oneof=Fast Safe"`
	// +k8s:forbidden
	Legacy string `json:"legacy,omitempty" validate:"isdefault"`
	// +k8s:optional +k8s:neq=true
	Locked *bool `json:"locked,omitempty" validate:"omitempty,ne=true"`
	// +k8s:optional +k8s:maxItems=4 +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Tags []string `json:"tags,omitempty" validate:"omitempty,max=4,unique,dive,k8s-short-name"`
	// +k8s:optional +k8s:eachKey=+k8s:maxLength=8 +k8s:eachVal=+k8s:minimum=0
	Limits map[string]int64 `json:"limits,omitempty" validate:"omitempty,dive,keys,max=8,endkeys,min=0"`
	// +k8s:optional +k8s:maxItems=8 +k8s:listType=map +k8s:listMapKey=name;
	// the item(name: ...) rules are in gadgetSpecRules.
	Ports []Port `json:"ports,omitempty" validate:"omitempty,max=8,unique=Name,dive"`
	// +k8s:optional; the subfield("size") rule is in gadgetSpecRules.
	Disk *Disk `json:"disk,omitempty" validate:"omitempty"`
	// +k8s:optional; the union is checked by powerRules.
	Power *Power `json:"power,omitempty" validate:"omitempty"`
	// +k8s:optional, +k8s:ifDisabled("GadgetStrict")=+k8s:minimum=1
	// (GadgetStrict=false; see the package documentation).
	Level *int32 `json:"level,omitempty" validate:"omitempty,min=1"`
	// +k8s:optional +k8s:opaqueType: Disk's own rules do not apply here.
	Notes *Disk `json:"notes,omitempty" validate:"-"`
}

// Mode mirrors gadgets/v1.Mode; its enum is the oneof of the fields that
// use it.
type Mode string

// Port mirrors gadgets/v1.Port.
type Port struct {
	// +k8s:maxLength=32
	Name string `json:"name" validate:"max=32"`
	// +k8s:optional +k8s:minimum=1
	Port int32 `json:"port,omitempty" validate:"omitempty,min=1"`
}

// Disk mirrors gadgets/v1.Disk.
type Disk struct {
	// +k8s:optional +k8s:minimum=1
	Size int64 `json:"size,omitempty" validate:"omitempty,min=1"`
}

// Power mirrors gadgets/v1.Power: a union of power sources, discriminated
// by kind (checked by powerRules).
type Power struct {
	// +k8s:unionDiscriminator +k8s:required
	Kind string `json:"kind" validate:"required"`
	// +k8s:unionMember +k8s:optional
	Battery *Battery `json:"battery,omitempty" validate:"omitempty"`
	// +k8s:unionMember(memberName: "Mains") +k8s:optional
	Plug *string `json:"plug,omitempty" validate:"omitempty"`
}

// Battery mirrors gadgets/v1.Battery.
type Battery struct {
	// +k8s:optional +k8s:minimum=1
	Cells int32 `json:"cells,omitempty" validate:"omitempty,min=1"`
}

// GadgetStatus mirrors gadgets/v1.GadgetStatus; its union (exactly one of
// ready and failed) is checked by gadgetStatusRules.
type GadgetStatus struct {
	// +k8s:optional +k8s:minimum=0
	Replicas int32 `json:"replicas,omitempty" validate:"omitempty,min=0"`
	// +k8s:optional +k8s:unionMember
	Ready *bool `json:"ready,omitempty" validate:"omitempty"`
	// +k8s:optional +k8s:unionMember
	Failed *string `json:"failed,omitempty" validate:"omitempty"`
}

// Fleet mirrors gadgets/v1.Fleet.
type Fleet struct {
	metav1.TypeMeta   `json:",inline" validate:"-"`
	metav1.ObjectMeta `json:"metadata,omitempty" validate:"-"`

	Spec FleetSpec `json:"spec"`
}

// FleetSpec mirrors gadgets/v1.FleetSpec.
type FleetSpec struct {
	// +k8s:optional +k8s:maxItems=200000 +k8s:listType=map +k8s:listMapKey=name
	Devices []Device `json:"devices,omitempty" validate:"omitempty,max=200000,unique=Name,dive"`
	// +k8s:optional +k8s:maxItems=200000 +k8s:listType=set
	Zones []string `json:"zones,omitempty" validate:"omitempty,max=200000,unique"`
}

// Device mirrors gadgets/v1.Device.
type Device struct {
	// +k8s:maxLength=63
	Name string `json:"name" validate:"max=63"`
	// +k8s:optional +k8s:minimum=1
	Slot int32 `json:"slot,omitempty" validate:"omitempty,min=1"`
	// +k8s:optional +k8s:maxLength=32
	Model string `json:"model,omitempty" validate:"omitempty,max=32"`
	// +k8s:optional, and Mode is +k8s:enum
	Mode Mode `json:"mode,omitempty" validate:"omitempty,oneof=Fast Safe"`
}
