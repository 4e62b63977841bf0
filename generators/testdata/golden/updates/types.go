package updates

// Frozen may never change once written.
// +k8s:immutable
type Frozen string

// Generation only grows.
// +k8s:monotonic
type Generation int64

type Port struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	Port int32 `json:"port,omitempty"`
}

type Ref struct {
	// +k8s:optional
	Name string `json:"name,omitempty"`
}

type Updates struct {
	// +k8s:required
	// +k8s:immutable
	// +k8s:maxBytes=16
	ID string `json:"id"`
	// +k8s:optional
	// +k8s:immutable
	Class *string `json:"class,omitempty"`
	// +k8s:optional
	Kind Frozen `json:"kind,omitempty"`
	// +k8s:optional
	// +k8s:update=NoSet
	// +k8s:update=NoModify
	Zone string `json:"zone,omitempty"`
	// +k8s:optional
	// +k8s:update=NoUnset
	// +k8s:minimum=1
	Size *int32 `json:"size,omitempty"`
	// +k8s:update=NoModify
	Ref Ref `json:"ref"`
	// +k8s:optional
	// +k8s:update=NoSet
	Owner *Ref `json:"owner,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	// +k8s:maxItems=4
	// +k8s:eachVal=+k8s:update=NoModify
	Ports []Port `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:update=NoRemoveItem
	Finalizers []string `json:"finalizers,omitempty"`
	// +k8s:optional
	// +k8s:update=NoAddItem
	// +k8s:update=NoUnset
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:immutable
	Pinned map[string]string `json:"pinned,omitempty"`
	// +k8s:optional
	Generation Generation `json:"generation,omitempty"`
	// +k8s:optional
	// +k8s:monotonic
	Revision *int64 `json:"revision,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	Backends []*Port `json:"backends,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("Freeze")=+k8s:immutable
	Mode string `json:"mode,omitempty"`
}
