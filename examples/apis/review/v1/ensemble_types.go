package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Ensemble is shaped like apps/v1 StatefulSet: volume claim templates in a
// list-map with item rules that reach into a pointer to a struct holding a
// union, a discriminated update strategy whose members are pointers to
// structs, integer fields of several widths, and a status subresource
// whose conditions are keyed by an enum and an integer.
//
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=".spec.replicas"
type Ensemble struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   EnsembleSpec   `json:"spec"`
	Status EnsembleStatus `json:"status,omitempty"`
}

type EnsembleSpec struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
	// +k8s:required
	// +k8s:format=k8s-short-name
	ServiceName string `json:"serviceName"`
	// +k8s:optional
	PodManagementPolicy PodManagementPolicy `json:"podManagementPolicy,omitempty"`
	// A subfield chain through a pointer member of the union.
	// +k8s:subfield("rollingUpdate")=+k8s:subfield("maxUnavailable")=+k8s:neq=3
	UpdateStrategy UpdateStrategy `json:"updateStrategy"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "data")=+k8s:subfield("storage")=+k8s:minimum=10
	// +k8s:item(name: "data")=+k8s:subfield("accessModes")=+k8s:required
	// +k8s:item(name: "logs")=+k8s:subfield("dataSource")=+k8s:subfield("snapshotName")=+k8s:maxLength=8
	VolumeClaimTemplates []ClaimTemplate `json:"volumeClaimTemplates,omitempty"`
	// +k8s:optional
	RetentionPolicy *RetentionPolicy `json:"persistentVolumeClaimRetentionPolicy,omitempty"`
	// +k8s:forbidden
	Ordinals *Ordinals `json:"ordinals,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	MinReadySeconds int64 `json:"minReadySeconds,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	RevisionHistoryLimit *int16 `json:"revisionHistoryLimit,omitempty"`
	// eachKey and eachVal on a map of structs, into a struct's enum.
	// +k8s:required
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:subfield("mode")=+k8s:neq="ReadWriteMany"
	Mounts map[string]Mount `json:"mounts"`
	// +k8s:ifEnabled("ReviewStrict")=+k8s:required
	// +k8s:ifDisabled("ReviewStrict")=+k8s:forbidden
	// +k8s:maxItems=2
	Zones []Zone `json:"zones,omitempty"`
	// A list-set of unsigned integers (uint and uint64 cannot be CRD fields).
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:minimum=1
	Partitions []uint32 `json:"partitions,omitempty"`
	// +k8s:required
	Selector *Selector `json:"selector"`
}

// Zone is a typedef'd string with its own bounds, in a list.
//
// +k8s:maxLength=12
// +k8s:neq="default"
type Zone string

// +k8s:enum
type PodManagementPolicy string

const (
	OrderedReadyPodManagement PodManagementPolicy = "OrderedReady"
	ParallelPodManagement     PodManagementPolicy = "Parallel"
)

// UpdateStrategy is a discriminated union whose members are pointers to
// structs.
type UpdateStrategy struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Type UpdateStrategyType `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	RollingUpdate *RollingUpdateStrategy `json:"rollingUpdate,omitempty"`
	// +k8s:unionMember(memberName: "OnDelete")
	// +k8s:optional
	OnDelete *OnDeleteStrategy `json:"onDelete,omitempty"`
}

// +k8s:enum
type UpdateStrategyType string

const (
	RollingUpdateStrategyType UpdateStrategyType = "RollingUpdate"
	OnDeleteStrategyType      UpdateStrategyType = "OnDelete"
)

type RollingUpdateStrategy struct {
	// +k8s:optional
	// +k8s:minimum=0
	Partition *int32 `json:"partition,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	MaxUnavailable *int32 `json:"maxUnavailable,omitempty"`
}

type OnDeleteStrategy struct {
	// +k8s:optional
	// +k8s:minimum=0
	GracePeriodSeconds int64 `json:"gracePeriodSeconds,omitempty"`
}

type ClaimTemplate struct {
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	AccessModes []AccessMode `json:"accessModes,omitempty"`
	// No presence tag: zero breaks the minimum.
	// +k8s:minimum=1
	Storage int64 `json:"storage"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	StorageClassName *string `json:"storageClassName,omitempty"`
	// A pointer to an enum.
	// +k8s:optional
	VolumeMode *VolumeMode `json:"volumeMode,omitempty"`
	// A pointer to a struct holding a zeroOrOneOf.
	// +k8s:optional
	DataSource *DataSource `json:"dataSource,omitempty"`
}

// +k8s:enum
type AccessMode string

const (
	ReadWriteOnce AccessMode = "ReadWriteOnce"
	ReadOnlyMany  AccessMode = "ReadOnlyMany"
	ReadWriteMany AccessMode = "ReadWriteMany"
)

// +k8s:enum
type VolumeMode string

const (
	VolumeBlock      VolumeMode = "Block"
	VolumeFilesystem VolumeMode = "Filesystem"
)

type DataSource struct {
	// +k8s:required
	// +k8s:maxLength=16
	Kind string `json:"kind"`
	// +k8s:zeroOrOneOfMember(union: "src")
	// +k8s:optional
	// +k8s:format=k8s-short-name
	SnapshotName string `json:"snapshotName,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "src")
	// +k8s:optional
	// +k8s:maxLength=16
	ClaimName *string `json:"claimName,omitempty"`
}

// RetentionPolicy holds enums without and with a presence tag.
type RetentionPolicy struct {
	WhenDeleted RetentionType `json:"whenDeleted"`
	// +k8s:optional
	WhenScaled RetentionType `json:"whenScaled,omitempty"`
}

// +k8s:enum
type RetentionType string

const (
	RetainRetention RetentionType = "Retain"
	DeleteRetention RetentionType = "Delete"
)

type Ordinals struct {
	// +k8s:optional
	// +k8s:minimum=0
	Start int32 `json:"start,omitempty"`
}

type Mount struct {
	// +k8s:required
	// +k8s:maxLength=64
	Path string `json:"path"`
	// +k8s:optional
	Mode AccessMode `json:"mode,omitempty"`
	// +k8s:optional
	// +k8s:neq=true
	ReadOnly bool `json:"readOnly,omitempty"`
}

type Selector struct {
	// +k8s:required
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:maxLength=16
	MatchLabels map[string]string `json:"matchLabels"`
}

type EnsembleStatus struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=ordinal
	// +k8s:item(type: "Ready", ordinal: 0)=+k8s:subfield("message")=+k8s:maxLength=8
	// +k8s:item(type: "Failed", ordinal: 1)=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Ready", ordinal: 1)=+k8s:zeroOrOneOfMember
	Conditions []EnsembleCondition `json:"conditions,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// +k8s:optional
	// +k8s:minimum=-1
	CurrentOrdinal int8 `json:"currentOrdinal,omitempty"`
}

type EnsembleCondition struct {
	// +k8s:required
	Type EnsembleConditionType `json:"type"`
	// +k8s:minimum=0
	Ordinal int32 `json:"ordinal"`
	// +k8s:optional
	// +k8s:maxLength=32
	Message string `json:"message,omitempty"`
}

// +k8s:enum
type EnsembleConditionType string

const (
	EnsembleReady  EnsembleConditionType = "Ready"
	EnsembleFailed EnsembleConditionType = "Failed"
)
