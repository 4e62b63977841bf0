package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/declval/validation-gen/examples/apis/widgets/common"
)

// Phase is the lifecycle phase of a Widget.
// +k8s:enum
type Phase string

const (
	PhasePending Phase = "Pending"
	PhaseReady   Phase = "Ready"
	PhaseFailed  Phase = "Failed"
)

// Protocol is the transport protocol of a port.
// +k8s:enum
type Protocol string

const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"
)

// Operator is how a selector compares a label with its values.
// +k8s:enum
type Operator string

const (
	OperatorIn     Operator = "In"
	OperatorNotIn  Operator = "NotIn"
	OperatorExists Operator = "Exists"
)

// StorageType names the kind of storage a widget uses; it is the
// discriminator of the Storage union.
// +k8s:enum
type StorageType string

const (
	StorageEmptyDir StorageType = "EmptyDir"
	StorageHost     StorageType = "Host"
	StorageVolumes  StorageType = "Volumes"
)

// ConditionStatus is the status of a condition.
// +k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// ReplicaCount is a number of replicas; at least one.
// +k8s:minimum=1
type ReplicaCount int32

// PartNames lists the names of optional parts to install.
// +k8s:maxItems=8
// +k8s:eachVal=+k8s:format=k8s-short-name
type PartNames []string

// Widget is a configurable widget.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`

	// +k8s:optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// Naming is inlined into WidgetSpec: its fields are spec fields.
type Naming struct {
	// Domain the widget is served under.
	// +k8s:required
	// +k8s:format=k8s-long-name
	Domain string `json:"domain"`

	// Description for humans.
	// +k8s:optional
	// +k8s:maxLength=64
	Description string `json:"description,omitempty"`

	// Alias is a short alternative name.
	// +k8s:optional
	Alias common.ShortName `json:"alias,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	Naming `json:",inline"`

	// ClassName selects the widget class; "default" is reserved.
	// +k8s:required
	// +k8s:neq="default"
	ClassName string `json:"className"`

	// +k8s:optional
	Replicas *ReplicaCount `json:"replicas,omitempty"`

	// Priority orders widgets; 13 is unlucky.
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:neq=13
	Priority *int32 `json:"priority,omitempty"`

	// Privileged widgets are not supported.
	// +k8s:optional
	// +k8s:neq=true
	Privileged *bool `json:"privileged,omitempty"`

	// LegacyID was removed; it must not be set.
	// +k8s:forbidden
	LegacyID string `json:"legacyID,omitempty"`

	// +k8s:optional
	// +k8s:format=k8s-ip
	ClusterIP *string `json:"clusterIP,omitempty"`

	// Addresses is an atomic list: replaced as a whole, items not correlated.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:format=k8s-ip
	Addresses []string `json:"addresses,omitempty"`

	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:maxLength=16
	Labels map[string]string `json:"labels,omitempty"`

	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=8
	Selectors map[string]Selector `json:"selectors,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=4
	Ports []Port `json:"ports,omitempty"`

	// ExtraPorts must be unprivileged when WidgetStrictPorts is on.
	// +k8s:optional
	// +k8s:ifEnabled("WidgetStrictPorts")=+k8s:eachVal=+k8s:minimum=1024
	ExtraPorts []int32 `json:"extraPorts,omitempty"`

	// Zones to run in; only one unless WidgetMultiZone is on.
	// +k8s:optional
	// +k8s:ifDisabled("WidgetMultiZone")=+k8s:maxItems=1
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Zones []string `json:"zones,omitempty"`

	// Color is checked only when WidgetColors is on.
	// +k8s:optional
	// +k8s:ifEnabled("WidgetColors")=+k8s:maxLength=7
	Color string `json:"color,omitempty"`

	// +k8s:optional
	// +k8s:eachVal=+k8s:subfield("name")=+k8s:maxLength=10
	Backends []*common.Reference `json:"backends,omitempty"`

	// +k8s:optional
	// +k8s:subfield("name")=+k8s:format=k8s-short-name
	Owner *common.Reference `json:"owner,omitempty"`

	// Credentials are held opaque: their own rules are checked elsewhere.
	// +k8s:optional
	// +k8s:opaqueType
	Credentials *common.Credentials `json:"credentials,omitempty"`

	// +k8s:optional
	Parts []Part `json:"parts,omitempty"`

	// +k8s:optional
	PartNames PartNames `json:"partNames,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=2
	Protocols []Protocol `json:"protocols,omitempty"`

	// ZoneReplicas overrides Replicas per zone.
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	ZoneReplicas map[string]ReplicaCount `json:"zoneReplicas,omitempty"`

	// Tags are unique short names.
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Tags []string `json:"tags,omitempty"`

	// Listeners are keyed by name and protocol together; the primary TCP
	// listener must use an unprivileged port.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=protocol
	// +k8s:item(name: "primary", protocol: "TCP")=+k8s:subfield("port")=+k8s:minimum=1024
	Listeners []Listener `json:"listeners,omitempty"`

	// Mounts are keyed by path; a list of pointers.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=path
	Mounts []*Mount `json:"mounts,omitempty"`

	// Storage is a discriminated union.
	// +k8s:optional
	Storage *Storage `json:"storage,omitempty"`

	// TTLSeconds and RunOnce say when the widget expires; at most one of
	// them may be set.
	// +k8s:optional
	// +k8s:zeroOrOneOfMember(union: "expiry")
	// +k8s:minimum=1
	TTLSeconds *int32 `json:"ttlSeconds,omitempty"`

	// +k8s:optional
	// +k8s:zeroOrOneOfMember(union: "expiry")
	RunOnce bool `json:"runOnce,omitempty"`
}

// Listener is an item of a list-map with a composite key.
type Listener struct {
	// +k8s:required
	Name common.ShortName `json:"name"`
	// +k8s:required
	Protocol Protocol `json:"protocol"`
	// +k8s:required
	// +k8s:minimum=1
	Port int32 `json:"port"`
}

// Mount is an item of a list-map of pointers.
type Mount struct {
	// +k8s:required
	// +k8s:maxLength=64
	Path string `json:"path"`
	// +k8s:optional
	// +k8s:minimum=1
	SizeMB int32 `json:"sizeMB,omitempty"`
}

// Storage holds exactly the member its type names.
type Storage struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Type StorageType `json:"type"`

	// +k8s:unionMember
	// +k8s:optional
	EmptyDir *EmptyDirStorage `json:"emptyDir,omitempty"`

	// HostPath is selected by type "Host".
	// +k8s:unionMember(memberName: "Host")
	// +k8s:optional
	// +k8s:maxLength=128
	HostPath *string `json:"hostPath,omitempty"`

	// +k8s:unionMember
	// +k8s:optional
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Volumes []string `json:"volumes,omitempty"`
}

// EmptyDirStorage is scratch space.
type EmptyDirStorage struct {
	// +k8s:optional
	// +k8s:minimum=1
	SizeMB int32 `json:"sizeMB,omitempty"`
}

// Selector selects objects by label.
type Selector struct {
	// +k8s:required
	// +k8s:maxLength=63
	Key string `json:"key"`

	// +k8s:optional
	Operator Operator `json:"operator,omitempty"`

	// +k8s:optional
	// +k8s:eachVal=+k8s:maxLength=63
	Values []string `json:"values,omitempty"`
}

// Port is a port the widget listens on.
type Port struct {
	// +k8s:required
	Name common.ShortName `json:"name"`

	// +k8s:required
	// +k8s:minimum=1
	Number int32 `json:"number"`

	// +k8s:required
	Protocol Protocol `json:"protocol"`
}

// Part is a component of a widget; parts nest.
type Part struct {
	// +k8s:required
	Name common.ShortName `json:"name"`

	// +k8s:optional
	// +k8s:minimum=1
	Count int32 `json:"count,omitempty"`

	// +k8s:optional
	Children []Part `json:"children,omitempty"`

	// Auth for this part, validated in full (unlike WidgetSpec.Credentials).
	// +k8s:optional
	Auth *common.Credentials `json:"auth,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +k8s:optional
	Phase Phase `json:"phase,omitempty"`

	// PartCounts counts installed parts by name.
	// +k8s:optional
	// +k8s:eachVal=+k8s:minimum=0
	PartCounts map[string]int32 `json:"partCounts,omitempty"`

	// LastUpdated has no validation of its own.
	LastUpdated *metav1.Time `json:"lastUpdated,omitempty"`

	// Conditions are keyed by type; a widget is not both Ready and Failed.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
	Conditions []Condition `json:"conditions,omitempty"`
}

// Condition is an observation of one aspect of a widget.
type Condition struct {
	// +k8s:required
	// +k8s:maxLength=32
	Type string `json:"type"`
	// +k8s:required
	Status ConditionStatus `json:"status"`
	// +k8s:optional
	// +k8s:maxLength=32
	Reason string `json:"reason,omitempty"`
}

// WidgetScale is the body of a widget's /scale subresource: its validation
// serves only that subresource.
// +k8s:isSubresource="/scale"
type WidgetScale struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}
