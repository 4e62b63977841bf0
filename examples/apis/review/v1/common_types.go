package v1

// Protocol is a network protocol, used as a map key and a list-map key.
//
// +k8s:enum
type Protocol string

const (
	ProtocolTCP  Protocol = "TCP"
	ProtocolUDP  Protocol = "UDP"
	ProtocolSCTP Protocol = "SCTP"
)

// ConditionStatus is the status of a condition.
//
// +k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// DNSName is a DNS-1123 subdomain of at most 64 characters.
//
// +k8s:format=k8s-long-name
// +k8s:maxLength=64
type DNSName string
