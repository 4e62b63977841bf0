package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Rollout is shaped like apps/v1 Deployment: a pod template three
// non-pointer structs deep, a discriminated union with a scalar member,
// a status subresource and a scale subresource.
//
// +k8s:supportsSubresource="/status"
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
type Rollout struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   RolloutSpec   `json:"spec"`
	Status RolloutStatus `json:"status,omitempty"`
}

type RolloutSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:required
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:maxLength=16
	Selector map[string]string `json:"selector"`
	Template PodTemplate       `json:"template"`
	Strategy Strategy          `json:"strategy"`
	// +k8s:forbidden
	Paused bool `json:"paused,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("ProbeStrict")=+k8s:minimum=30
	// +k8s:ifDisabled("ProbeStrict")=+k8s:minimum=1
	ProgressDeadlineSeconds *int32 `json:"progressDeadlineSeconds,omitempty"`
	// A pointer to a list typedef whose bounds are on the type.
	// +k8s:optional
	RevisionHistory *Revisions `json:"revisionHistory,omitempty"`
	// +k8s:ifEnabled("ProbeStrict")=+k8s:required
	// +k8s:maxLength=32
	ChangeCause string `json:"changeCause,omitempty"`
	// +k8s:optional
	MinReady *Count `json:"minReady,omitempty"`
	// Presence of scalar pointers, lifted to the root.
	// +k8s:forbidden
	Suspended *bool `json:"suspended,omitempty"`
	// +k8s:required
	MaxSurge *int32 `json:"maxSurge,omitempty"`
	// An optional non-pointer UUID: "" is unset.
	// +k8s:optional
	// +k8s:format=k8s-uuid
	TemplateUID string `json:"templateUID,omitempty"`
}

// +k8s:maxItems=3
// +k8s:eachVal=+k8s:minimum=1
type Revisions []int64

type PodTemplate struct {
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=16
	Labels map[string]string `json:"labels,omitempty"`
	// A map of structs with required fields (a map cannot be bounded).
	// +k8s:optional
	Notes map[string]Note `json:"notes,omitempty"`
	Spec  PodSpec         `json:"spec"`
	// Keys and values checked as Kubernetes checks labels.
	// +k8s:optional
	// +k8s:maxProperties=8
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:format=k8s-label-value
	Tags map[string]string `json:"tags,omitempty"`
}

type Note struct {
	// +k8s:required
	// +k8s:maxLength=8
	Text string `json:"text"`
	// +k8s:required
	Level *int32 `json:"level,omitempty"`
}

type PodSpec struct {
	// +k8s:required
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "main")=+k8s:subfield("image")=+k8s:neq="busybox"
	// +k8s:item(name: "main")=+k8s:subfield("image")=+k8s:required
	// +k8s:item(name: "sidecar")=+k8s:subfield("ports")=+k8s:maxItems=1
	Containers []Container `json:"containers"`
	// +k8s:required
	ServiceAccountName ShortName `json:"serviceAccountName"`
	// +k8s:neq=true
	HostNetwork bool `json:"hostNetwork,omitempty"`
	// +k8s:optional
	Priority *Count `json:"priority,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:format=k8s-ip
	// +k8s:eachVal=+k8s:maxLength=40
	Nameservers []string `json:"nameservers,omitempty"`
	// +k8s:optional
	Hosts    HostList        `json:"hosts,omitempty"`
	Security SecurityContext `json:"security"`
}

// SecurityContext is three non-pointer structs below the root.
type SecurityContext struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:minimum=0
	RunAsUser *int64 `json:"runAsUser,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	RunAsNonRoot bool `json:"runAsNonRoot,omitempty"`
	// +k8s:required
	Profile SeccompProfile `json:"profile"`
	// +k8s:optional
	// +k8s:neq="Unconfined"
	FallbackProfile SeccompProfile `json:"fallbackProfile,omitempty"`
}

// +k8s:enum
type SeccompProfile string

const (
	SeccompRuntimeDefault SeccompProfile = "RuntimeDefault"
	SeccompLocalhost      SeccompProfile = "Localhost"
	SeccompUnconfined     SeccompProfile = "Unconfined"
)

type Container struct {
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:optional
	Image ImageRef `json:"image,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:minimum=1
	Ports []int32 `json:"ports,omitempty"`
	// +k8s:optional
	Resources *Resources `json:"resources,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	Env []EnvVar `json:"env,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:format=k8s-resource-fully-qualified-name
	// +k8s:eachVal=+k8s:maxLength=64
	Devices []string `json:"devices,omitempty"`
}

type Resources struct {
	// +k8s:optional
	// +k8s:eachVal=+k8s:minimum=0
	Limits map[string]int64 `json:"limits,omitempty"`
	// +k8s:required
	// +k8s:minimum=1
	CPU int32 `json:"cpu"`
	// +k8s:optional
	// +k8s:maxProperties=4
	// +k8s:eachKey=+k8s:format=k8s-extended-resource-name
	Extended map[string]int64 `json:"extended,omitempty"`
}

// EnvVar is an item of an atomic list, with a union inside.
type EnvVar struct {
	// +k8s:required
	// +k8s:maxLength=16
	Name string `json:"name"`
	// +k8s:unionMember
	// +k8s:optional
	// +k8s:maxLength=32
	Value *string `json:"value,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	ValueFrom *EnvSource `json:"valueFrom,omitempty"`
}

type EnvSource struct {
	// +k8s:required
	// +k8s:maxLength=16
	Key string `json:"key"`
	// +k8s:optional
	Optional *bool `json:"optional,omitempty"`
}

// Strategy is a discriminated union with a scalar, non-pointer member.
type Strategy struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Type StrategyType `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
	// +k8s:unionMember(memberName: "Recreate")
	// +k8s:optional
	// +k8s:minimum=1
	RecreateGracePeriod int32 `json:"recreateGracePeriod,omitempty"`
}

// +k8s:enum
type StrategyType string

const (
	StrategyRollingUpdate StrategyType = "RollingUpdate"
	StrategyRecreate      StrategyType = "Recreate"
)

type RollingUpdate struct {
	// +k8s:optional
	// +k8s:minimum=0
	MaxSurge int32 `json:"maxSurge,omitempty"`
	// +k8s:minimum=1
	MaxUnavailable Count `json:"maxUnavailable"`
}

type RolloutStatus struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}
