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
}
