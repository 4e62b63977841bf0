package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RouteTable is shaped like networking/v1 Ingress with NetworkPolicy-like
// rules: list-maps of list-maps, a backend union behind a pointer, in a
// list-map item and in the values of a map, string enums as map keys and in
// a list-set, and a list-map inside an atomic list with an integer key.
//
// +kubebuilder:resource:shortName=rt,categories=review
type RouteTable struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouteTableSpec `json:"spec"`
}

type RouteTableSpec struct {
	// +k8s:optional
	// +k8s:maxLength=32
	// +k8s:format=k8s-long-name
	IngressClassName *string `json:"ingressClassName,omitempty"`
	// A pointer to a struct holding a union.
	// +k8s:optional
	DefaultBackend *Backend `json:"defaultBackend,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=host
	// +k8s:item(host: "example.com")=+k8s:subfield("paths")=+k8s:maxItems=1
	// +k8s:item(host: "")=+k8s:subfield("paths")=+k8s:maxItems=2
	Rules []IngressRule `json:"rules,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	TLS []IngressTLS `json:"tls,omitempty"`
	// A map keyed by a string enum, with bounded values.
	// +k8s:optional
	// +k8s:eachKey=+k8s:neq="SCTP"
	// +k8s:eachVal=+k8s:minimum=1
	PortsByProtocol map[Protocol]int32 `json:"portsByProtocol,omitempty"`
	// eachVal on a map of structs (which cannot be bounded: its values
	// hold no union and no format, which the server's CEL cost estimate of
	// an unbounded map does not take).
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:subfield("weight")=+k8s:minimum=1
	// +k8s:eachVal=+k8s:subfield("protocol")=+k8s:neq="SCTP"
	// +k8s:eachVal=+k8s:subfield("port")=+k8s:neq=22
	Backends map[string]BackendRef `json:"backends,omitempty"`
	// A list-set of a string enum.
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:listType=set
	PolicyTypes []PolicyType `json:"policyTypes,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	Ingress []NetworkPolicyIngressRule `json:"ingress,omitempty"`
	// +k8s:forbidden
	// +k8s:maxItems=1
	Egress []NetworkPolicyIngressRule `json:"egress,omitempty"`
	// A map of lists of an enum.
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxItems=2
	Methods map[string][]HTTPMethod `json:"methods,omitempty"`
	// +k8s:forbidden
	Annotations map[string]string `json:"annotations,omitempty"`
	// +k8s:ifEnabled("ReviewStrict")=+k8s:required
	// +k8s:ifDisabled("ReviewStrict")=+k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:maxLength=8
	Owners []string `json:"owners,omitempty"`
}

// +k8s:enum
type PolicyType string

const (
	PolicyTypeIngress PolicyType = "Ingress"
	PolicyTypeEgress  PolicyType = "Egress"
)

// +k8s:enum
type HTTPMethod string

const (
	MethodGet  HTTPMethod = "GET"
	MethodPost HTTPMethod = "POST"
)

// Backend is a union of a service and a typed reference, with a weight.
type Backend struct {
	// +k8s:unionMember
	// +k8s:optional
	Service *ServiceBackend `json:"service,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Resource *TypedLocalRef `json:"resource,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	Weight int32 `json:"weight,omitempty"`
}

// BackendRef is a map value.
type BackendRef struct {
	// +k8s:required
	// +k8s:maxLength=16
	Service string `json:"service"`
	// +k8s:optional
	Weight int32 `json:"weight,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	Port *int32 `json:"port,omitempty"`
	// +k8s:optional
	Protocol Protocol `json:"protocol,omitempty"`
}

type ServiceBackend struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string             `json:"name"`
	Port ServiceBackendPort `json:"port"`
}

// ServiceBackendPort names a port by name or by number, not both.
type ServiceBackendPort struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:format=k8s-short-name
	Name string `json:"name,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:minimum=1
	Number int32 `json:"number,omitempty"`
}

type TypedLocalRef struct {
	// +k8s:optional
	// +k8s:maxLength=16
	APIGroup *string `json:"apiGroup,omitempty"`
	// +k8s:required
	// +k8s:maxLength=16
	Kind string `json:"kind"`
	// +k8s:required
	Name DNSName `json:"name"`
}

type IngressRule struct {
	// +k8s:optional
	Host DNSName `json:"host"`
	// +k8s:required
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=path
	// +k8s:listMapKey=pathType
	// +k8s:item(path: "/", pathType: "Prefix")=+k8s:subfield("backend")=+k8s:subfield("weight")=+k8s:neq=0
	Paths []HTTPPath `json:"paths"`
}

type HTTPPath struct {
	// +k8s:maxLength=32
	Path string `json:"path"`
	// +k8s:required
	PathType PathType `json:"pathType"`
	// +k8s:required
	Backend *Backend `json:"backend"`
}

// +k8s:enum
type PathType string

const (
	PathExact                  PathType = "Exact"
	PathPrefix                 PathType = "Prefix"
	PathImplementationSpecific PathType = "ImplementationSpecific"
)

type IngressTLS struct {
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-long-name
	// +k8s:eachVal=+k8s:maxLength=64
	Hosts []string `json:"hosts,omitempty"`
	// +k8s:optional
	SecretName DNSName `json:"secretName,omitempty"`
}

// NetworkPolicyIngressRule is an item of an atomic list holding a list-map
// keyed by an integer and an enum.
type NetworkPolicyIngressRule struct {
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=port
	// +k8s:listMapKey=protocol
	// +k8s:item(port: 80, protocol: "TCP")=+k8s:subfield("endPort")=+k8s:forbidden
	// +k8s:item(port: 8080, protocol: "UDP")=+k8s:zeroOrOneOfMember
	// +k8s:item(port: 8080, protocol: "TCP")=+k8s:zeroOrOneOfMember
	Ports []NetworkPolicyPort `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	From []Peer `json:"from,omitempty"`
}

type NetworkPolicyPort struct {
	Protocol Protocol `json:"protocol"`
	// +k8s:minimum=1
	Port int32 `json:"port"`
	// +k8s:optional
	// +k8s:minimum=1
	EndPort *int32 `json:"endPort,omitempty"`
	// +k8s:optional
	// +k8s:minimum=2
	Weight uint16 `json:"weight,omitempty"`
}

// Peer is a zeroOrOneOf of two pointers to structs.
type Peer struct {
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	PodSelector *LabelSelector `json:"podSelector,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	IPBlock *IPBlock `json:"ipBlock,omitempty"`
}

type LabelSelector struct {
	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=16
	// +k8s:eachVal=+k8s:maxLength=16
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}

type IPBlock struct {
	// +k8s:required
	// +k8s:format=k8s-ip
	CIDR string `json:"cidr"`
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:format=k8s-ip
	// +k8s:eachVal=+k8s:maxLength=40
	Except []string `json:"except,omitempty"`
}
