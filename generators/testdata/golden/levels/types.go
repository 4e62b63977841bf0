package levels

// Levels holds one field per way of wrapping a tag.
type Levels struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:beta(since: "1.36")=+k8s:required
	// +k8s:maxLength=10
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:alpha=+k8s:minimum=1
	// +k8s:maximum=100
	Replicas *int32 `json:"replicas,omitempty"`

	// +k8s:optional
	// +k8s:beta(since: "1.35")=+k8s:maxItems=4
	// +k8s:alpha(since: "1.36")=+k8s:eachVal=+k8s:minLength=2
	// +k8s:eachVal=+k8s:maxLength=8
	Names []string `json:"names,omitempty"`

	// +k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:listType=map
	// +k8s:alpha(since: "1.36")=+k8s:listMapKey=name
	// +k8s:beta=+k8s:item(name: "main")=+k8s:subfield("port")=+k8s:minimum=1024
	Ports []Port `json:"ports,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:subfield("size")=+k8s:minimum=2
	Disk *Disk `json:"disk,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Cat *string `json:"cat,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Dog *string `json:"dog,omitempty"`

	// +k8s:optional
	Phase Phase `json:"phase,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:ifEnabled("Strict")=+k8s:minimum=5
	Limit int32 `json:"limit,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:immutable
	// +k8s:alpha=+k8s:update=NoUnset
	// +k8s:maxLength=20
	Class string `json:"class,omitempty"`

	// +k8s:optional
	// +k8s:alpha=+k8s:monotonic
	Epoch int64 `json:"epoch,omitempty"`

	// +k8s:optional
	// +k8s:eachVal=+k8s:beta=+k8s:maximum=9
	Scores map[string]int32 `json:"scores,omitempty"`
}

// Port is an item of a list-map.
type Port struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maximum=65535
	Port int32 `json:"port,omitempty"`
}

// Disk is reached through a pointer.
type Disk struct {
	// +k8s:optional
	Size int32 `json:"size,omitempty"`
}

// Phase is an enum whose check is beta.
// +k8s:beta=+k8s:enum
type Phase string

const (
	PhaseUp   Phase = "Up"
	PhaseDown Phase = "Down"
)
