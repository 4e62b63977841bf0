package v1

// Typedefs with their own tags, shared by the kinds.

// ShortName is a DNS-1123 label of at most 20 characters.
//
// +k8s:format=k8s-short-name
// +k8s:maxLength=20
type ShortName string

// UID is an object's UID: a lower-case UUID.
//
// +k8s:format=k8s-uuid
type UID string

// ImageRef is a container image; the floating tag "latest" is refused.
//
// +k8s:maxLength=64
// +k8s:neq="latest"
type ImageRef string

// Count is a non-negative count.
//
// +k8s:minimum=0
type Count int32

// PortNumber is a TCP/UDP port number (0 is not a port).
//
// +k8s:minimum=1
type PortNumber int32

// Protocol is a network protocol.
//
// +k8s:enum
type Protocol string

const (
	ProtocolTCP  Protocol = "TCP"
	ProtocolUDP  Protocol = "UDP"
	ProtocolSCTP Protocol = "SCTP"
)

// HostList is a bounded list of DNS names, bounded on the type.
//
// +k8s:maxItems=3
// +k8s:eachVal=+k8s:format=k8s-long-name
// +k8s:eachVal=+k8s:maxLength=64
type HostList []string
