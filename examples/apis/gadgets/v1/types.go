package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Gadget is a device configuration.
//
// +kubebuilder:resource:path=gadgets,singular=gadget,shortName=gd;gdt,categories=all,scope=Namespaced
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
// +kubebuilder:printcolumn:name="Model",type=string,JSONPath=".spec.model",description="the model"
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=".spec.replicas",priority=1
// +kubebuilder:selectablefield:JSONPath=`.spec.model`
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
	// +k8s:optional
	Status *GadgetStatus `json:"status,omitempty"`
}

type GadgetSpec struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Model string `json:"model"`
	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=16
	// +k8s:neq="none"
	Label string `json:"label,omitempty"`
	// +k8s:format=k8s-long-name
	Vendor string `json:"vendor"`
	// +k8s:minimum=0
	Priority int32 `json:"priority"`
	// +k8s:optional
	// +k8s:format=k8s-ip
	Address string `json:"address,omitempty"`
	// +k8s:optional
	Mode Mode `json:"mode,omitempty"`
	// +k8s:forbidden
	Legacy string `json:"legacy,omitempty"`
	// +k8s:optional
	// +k8s:neq=true
	Locked *bool `json:"locked,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=8
	// +k8s:eachVal=+k8s:minimum=0
	Limits map[string]int64 `json:"limits,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=8
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "main")=+k8s:subfield("port")=+k8s:minimum=1024
	// +k8s:item(name: "main")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "backup")=+k8s:zeroOrOneOfMember
	Ports []Port `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:subfield("size")=+k8s:minimum=2
	Disk *Disk `json:"disk,omitempty"`
	// +k8s:optional
	Power *Power `json:"power,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("GadgetStrict")=+k8s:minimum=10
	// +k8s:ifDisabled("GadgetStrict")=+k8s:minimum=1
	Level *int32 `json:"level,omitempty"`
	// +k8s:optional
	// +k8s:opaqueType
	Notes *Disk `json:"notes,omitempty"`
}

// +k8s:enum
type Mode string

const (
	ModeFast Mode = "Fast"
	ModeSafe Mode = "Safe"
)

type Port struct {
	// +k8s:maxLength=32
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Port int32 `json:"port,omitempty"`
}

type Disk struct {
	// +k8s:optional
	// +k8s:minimum=1
	Size int64 `json:"size,omitempty"`
}

// Power is a union of power sources, named by its kind.
type Power struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +k8s:unionMember
	// +k8s:optional
	Battery *Battery `json:"battery,omitempty"`
	// +k8s:unionMember(memberName: "Mains")
	// +k8s:optional
	Plug *string `json:"plug,omitempty"`
}

type Battery struct {
	// +k8s:optional
	// +k8s:minimum=1
	Cells int32 `json:"cells,omitempty"`
}

type GadgetStatus struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	Ready *bool `json:"ready,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	Failed *string `json:"failed,omitempty"`
}
