package unique

// Lists is atomic lists made unique (+k8s:unique), as k8s.io/api writes
// lists that server-side apply replaces whole, and list-maps and sets whose
// uniqueness is checked by hand (+k8s:customUnique).
type Lists struct {
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=set
	Names []string `json:"names,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:beta(since: "1.37")=+k8s:unique=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=port
	Ports []Port `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	PortRefs []*Port `json:"portRefs,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:customUnique
	Loose []Port `json:"loose,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:customUnique
	LooseSet []string `json:"looseSet,omitempty"`
}

type Port struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Port int32 `json:"port,omitempty"`
}
