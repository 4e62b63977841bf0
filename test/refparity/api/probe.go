package api

// Gated and Limits pin what a probe with an API the project had never
// seen found: the k8s.io/api pattern of an option around optional, and
// the nil items of a list of pointers beside its other short-circuiting
// checks.
type Gated struct {
	// +k8s:ifEnabled("Strict")=+k8s:optional
	// +k8s:maxLength=3
	Topology string `json:"topology,omitempty"`
	// +k8s:ifEnabled("Strict")=+k8s:optional
	// +k8s:ifDisabled("Strict")=+k8s:required
	Policy string `json:"policy,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	Limits []*Disk `json:"limits,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:update=NoModify
	Reclaimable []*Port `json:"reclaimable,omitempty"`
	// +k8s:optional
	// +k8s:item(name: "primary")=+k8s:subfield("port")=+k8s:minimum=1024
	Typed PortList `json:"typed,omitempty"`
	// +k8s:optional
	Switch *Switch `json:"switch,omitempty"`
}

// PortList is a list-map by its type: +k8s:item on a field of it reads the
// type's keys, as Kubernetes does.
// +k8s:listType=map
// +k8s:listMapKey=name
type PortList []Port

// Switch is a stable discriminated union whose discriminator is written
// behind a beta wrapper, as the lint asks in a v1 package: that level
// marks nothing.
type Switch struct {
	// +k8s:required
	// +k8s:beta(since: "1.37")=+k8s:unionDiscriminator
	Kind string `json:"kind"`
	// +k8s:optional
	// +k8s:unionMember(memberName: "Ready")
	Cat *string `json:"cat,omitempty"`
	// +k8s:optional
	// +k8s:unionMember(memberName: "Failed")
	Dog *string `json:"dog,omitempty"`
}
