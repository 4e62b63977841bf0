package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Endpoint is shaped like core/v1 Service: a list-map of ports with a
// two-field key and a union in its items, a set of IPs, a map of structs,
// and a status on the main resource (no status subresource).
//
// +kubebuilder:resource:path=endpoints,singular=endpoint,scope=Namespaced
type Endpoint struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EndpointSpec `json:"spec"`
	// +k8s:optional
	Status *EndpointStatus `json:"status,omitempty"`
}

type EndpointSpec struct {
	// +k8s:required
	Type ServiceType `json:"type"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=port
	// +k8s:listMapKey=protocol
	// +k8s:item(port: 443, protocol: "TCP")=+k8s:subfield("name")=+k8s:neq="http"
	// +k8s:item(port: 53, protocol: "UDP")=+k8s:zeroOrOneOfMember(union: "dns")
	// +k8s:item(port: 53, protocol: "TCP")=+k8s:zeroOrOneOfMember(union: "dns")
	Ports []ServicePort `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-ip
	// +k8s:eachVal=+k8s:maxLength=40
	ClusterIPs []string `json:"clusterIPs,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	ExternalName *string `json:"externalName,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:subfield("weight")=+k8s:minimum=1
	Backends        map[string]Backend `json:"backends,omitempty"`
	SessionAffinity SessionAffinity    `json:"sessionAffinity"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	AllowedPorts []PortNumber `json:"allowedPorts,omitempty"`
	// +k8s:optional
	// +k8s:opaqueType
	Alias *ServicePort `json:"alias,omitempty"`
	// +k8s:forbidden
	Legacy bool `json:"legacy,omitempty"`
	// +k8s:required
	// +k8s:maxItems=2
	// +k8s:listType=set
	IPFamilies []IPFamily `json:"ipFamilies"`
	// +k8s:optional
	// +k8s:neq="UDP"
	HealthProtocol Protocol `json:"healthProtocol,omitempty"`
	// +k8s:optional
	// +k8s:subfield("port")=+k8s:neq=22
	// +k8s:subfield("name")=+k8s:maxLength=8
	Health *ServicePort `json:"health,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-resource-pool-name
	Pool *string `json:"pool,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name-caseless
	Domain string `json:"domain,omitempty"`
	// Extended resources by name, as a node's capacity has them.
	// +k8s:optional
	// +k8s:maxProperties=4
	// +k8s:eachKey=+k8s:format=k8s-extended-resource-name
	Capacity map[string]int64 `json:"capacity,omitempty"`
}

// +k8s:enum
type ServiceType string

const (
	ServiceTypeClusterIP    ServiceType = "ClusterIP"
	ServiceTypeNodePort     ServiceType = "NodePort"
	ServiceTypeLoadBalancer ServiceType = "LoadBalancer"
)

// +k8s:enum
type IPFamily string

const (
	IPv4 IPFamily = "IPv4"
	IPv6 IPFamily = "IPv6"
)

// ServicePort is a list-map item keyed by port and protocol, with a
// zeroOrOneOf inside.
type ServicePort struct {
	// +k8s:optional
	// +k8s:format=k8s-short-name
	Name string `json:"name,omitempty"`
	// +k8s:required
	Port     PortNumber `json:"port"`
	Protocol Protocol   `json:"protocol"`
	// +k8s:optional
	// +k8s:minimum=30000
	NodePort int32 `json:"nodePort,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	TargetPort *PortNumber `json:"targetPort,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:maxLength=15
	TargetPortName string `json:"targetPortName,omitempty"`
	// Without a presence tag: "" is a path segment name.
	// +k8s:format=k8s-path-segment-name
	AppProtocol string `json:"appProtocol,omitempty"`
}

// Backend is a map value.
type Backend struct {
	// +k8s:optional
	// +k8s:maxLength=63
	Host *string `json:"host,omitempty"`
	// +k8s:optional
	Weight int32 `json:"weight,omitempty"`
	// +k8s:optional
	// +k8s:neq=false
	Enabled *bool `json:"enabled,omitempty"`
}

// SessionAffinity is a non-pointer struct with a zeroOrOneOf of pointers
// to structs, and a field required only when an option is on.
type SessionAffinity struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	ClientIP *ClientIPConfig `json:"clientIP,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Cookie *CookieConfig `json:"cookie,omitempty"`
	// +k8s:ifEnabled("ProbeStrict")=+k8s:required
	// +k8s:ifDisabled("ProbeStrict")=+k8s:optional
	// +k8s:minimum=10
	TimeoutSeconds int32 `json:"timeoutSeconds,omitempty"`
}

type ClientIPConfig struct {
	// +k8s:required
	// +k8s:minimum=1
	TimeoutSeconds int32 `json:"timeoutSeconds"`
}

type CookieConfig struct {
	// +k8s:required
	Name ShortName `json:"name"`
	// +k8s:optional
	// +k8s:maxLength=32
	Path string `json:"path,omitempty"`
}

type EndpointStatus struct {
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:subfield("reason")=+k8s:maxLength=8
	Conditions []Condition `json:"conditions,omitempty"`
	// A pointer to a list typedef.
	// +k8s:optional
	LoadBalancerIPs *HostList `json:"loadBalancerIPs,omitempty"`
}

type Condition struct {
	// +k8s:required
	Type ConditionType `json:"type"`
	// +k8s:required
	Status ConditionStatus `json:"status"`
	// +k8s:optional
	// +k8s:maxLength=32
	Reason string `json:"reason,omitempty"`
}

// +k8s:enum
type ConditionType string

const (
	ConditionReady   ConditionType = "Ready"
	ConditionFailed  ConditionType = "Failed"
	ConditionPending ConditionType = "Pending"
)

// +k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)
