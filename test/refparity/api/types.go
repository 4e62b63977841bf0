package api

// Parity is validated by both generators. It uses every tag of the
// Kubernetes generator that validation-gen implements, within the
// reference's lint (every validated field has a presence tag, tags below
// stable written behind +k8s:alpha or +k8s:beta).
type Parity struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:required
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:optional
	Modes *Modes `json:"modes,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	Domain string `json:"domain,omitempty"`
	// +k8s:optional
	Formats *Formats `json:"formats,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`
	// +k8s:optional
	Fixtures *Fixtures `json:"fixtures,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=8
	Note *string `json:"note,omitempty"`
	// +k8s:optional
	// +k8s:maximum=10
	Max *int32 `json:"max,omitempty"`
	// +k8s:optional
	// +k8s:minLength=3
	Code *string `json:"code,omitempty"`
	// +k8s:optional
	// +k8s:minItems=2
	// +k8s:eachVal=+k8s:maximum=100
	Pair []int32 `json:"pair,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:minLength=2
	// +k8s:maxProperties=2
	Words map[string]string `json:"words,omitempty"`
	// +k8s:optional
	// +k8s:minProperties=2
	// +k8s:eachVal=+k8s:maximum=50
	Scores map[string]int32 `json:"scores,omitempty"`
	// +k8s:optional
	Phase Phase `json:"phase,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:minimum=0
	Counts []int64 `json:"counts,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:maxLength=5
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "main")=+k8s:subfield("port")=+k8s:minimum=1024
	Ports []Port `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:subfield("size")=+k8s:minimum=2
	Disk *Disk `json:"disk,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("Strict")=+k8s:minimum=10
	// +k8s:ifDisabled("Strict")=+k8s:minimum=1
	Level int32 `json:"level,omitempty"`
	// +k8s:optional
	// +k8s:opaqueType
	Opaque *Disk `json:"opaque,omitempty"`
	// +k8s:optional
	Source *Source `json:"source,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember
	// +k8s:item(type: "Failed")=+k8s:zeroOrOneOfMember
	Conditions []Condition `json:"conditions,omitempty"`
	// +k8s:optional
	Items []Item `json:"items,omitempty"`
	// +k8s:optional
	// +k8s:ifDisabled("Strict")=+k8s:maxItems=1
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Zones []string `json:"zones,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Backends []*Port `json:"backends,omitempty"`
	// +k8s:optional
	Named map[string]Port `json:"named,omitempty"`
	// +k8s:optional
	Codes Codes `json:"codes,omitempty"`
	// +k8s:optional
	Tree *Tree `json:"tree,omitempty"`
	// +k8s:optional
	Spec *Spec `json:"spec,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:minimum=1
	PhaseCounts map[Phase]int32 `json:"phaseCounts,omitempty"`
	// +k8s:required
	Must []string `json:"must"`
	// +k8s:optional
	// +k8s:maxBytes=6
	Bytes *string `json:"bytes,omitempty"`
	// +k8s:optional
	// +k8s:immutable
	Frozen string `json:"frozen,omitempty"`
	// +k8s:required
	// +k8s:immutable
	// +k8s:maxBytes=5
	FrozenID string `json:"frozenID"`
	// +k8s:optional
	// +k8s:immutable
	FrozenPtr *int32 `json:"frozenPtr,omitempty"`
	// +k8s:optional
	// +k8s:update=NoSet
	// +k8s:update=NoModify
	SetOnce string `json:"setOnce,omitempty"`
	// +k8s:optional
	// +k8s:update=NoUnset
	// +k8s:minLength=2
	Sticky *string `json:"sticky,omitempty"`
	// +k8s:optional
	// +k8s:update=NoModify
	// +k8s:update=NoSet
	Pinned *Disk `json:"pinned,omitempty"`
	// +k8s:update=NoModify
	Whole Disk `json:"whole"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	// +k8s:maxItems=3
	Fixed []Port `json:"fixed,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:update=NoModify
	Kept []Port `json:"kept,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:update=NoRemoveItem
	// +k8s:update=NoSet
	Finalizers []string `json:"finalizers,omitempty"`
	// +k8s:optional
	// +k8s:update=NoAddItem
	// +k8s:update=NoUnset
	Annotations map[string]string `json:"annotations,omitempty"`
	// +k8s:optional
	// +k8s:update=NoRemoveItem
	Held map[string]int32 `json:"held,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:immutable
	Locked map[string]string `json:"locked,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("Strict")=+k8s:immutable
	Mode string `json:"mode,omitempty"`
	// +k8s:optional
	Sealed *Sealed `json:"sealed,omitempty"`
	// +k8s:optional
	Seals []Sealed `json:"seals,omitempty"`
	// +k8s:optional
	Staged *Staged `json:"staged,omitempty"`
	// +k8s:optional
	Target *Target `json:"target,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=set
	// +k8s:maxItems=4
	Distinct []string `json:"distinct,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:beta(since: "1.37")=+k8s:unique=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:update=NoModify
	Keyed []Port `json:"keyed,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:customUnique
	Loose []Port `json:"loose,omitempty"`
	// +k8s:optional
	Dependents *Dependents `json:"dependents,omitempty"`
	// +k8s:optional
	Customs *Customs `json:"customs,omitempty"`
	// +k8s:optional
	Stage Stage `json:"stage,omitempty"`
	// +k8s:optional
	Stages []Stage `json:"stages,omitempty"`
	// +k8s:optional
	Defaulted *Defaulted `json:"defaulted,omitempty"`
	// +k8s:optional
	PinnedWhole *Pinned `json:"pinnedWhole,omitempty"`
	// +k8s:optional
	PinnedList []Pinned `json:"pinnedList,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:subfield("size")=+k8s:forbidden
	Capped *Disk `json:"capped,omitempty"`
	// +k8s:optional
	Gated *Gated `json:"gated,omitempty"`
}

// Target is a union of one member, as k8s.io/api has.
type Target struct {
	// +k8s:optional
	// +k8s:unionMember
	Pod *string `json:"pod,omitempty"`
}

// Staged uses the stability wrappers as k8s.io/api does: each wrapped
// validation's errors carry its level; alpha-level and beta-level tags
// (monotonic, neq, forbidden) are written behind a wrapper.
type Staged struct {
	// +k8s:beta(since: "1.36")=+k8s:required
	// +k8s:maxLength=6
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:minimum=1
	// +k8s:beta=+k8s:maximum=50
	Count *int32 `json:"count,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:maxItems=3
	// +k8s:alpha=+k8s:eachVal=+k8s:minLength=2
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:listType=map
	// +k8s:alpha=+k8s:listMapKey=name
	// +k8s:beta=+k8s:item(name: "main")=+k8s:subfield("port")=+k8s:minimum=1024
	Ports []Port `json:"ports,omitempty"`
	// +k8s:beta=+k8s:forbidden
	Legacy *string `json:"legacy,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:neq="none"
	Kind string `json:"kind,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:monotonic
	Epoch int64 `json:"epoch,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:immutable
	// +k8s:alpha=+k8s:update=NoUnset
	Class string `json:"class,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Cat *string `json:"cat,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Dog *string `json:"dog,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:subfield("size")=+k8s:minimum=2
	Disk *Disk `json:"disk,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:ifEnabled("Strict")=+k8s:minimum=5
	Limit int32 `json:"limit,omitempty"`
	// +k8s:optional
	Phase BetaPhase `json:"phase,omitempty"`
}

// BetaPhase is an enum whose check is beta.
// +k8s:beta=+k8s:enum
type BetaPhase string

const (
	BetaUp   BetaPhase = "Up"
	BetaDown BetaPhase = "Down"
)

// Sealed has immutable fields, reached through a pointer (a new parent on
// update) and through items of an atomic list (no old value).
type Sealed struct {
	// +k8s:optional
	// +k8s:immutable
	Key string `json:"key,omitempty"`
}

// +k8s:maxItems=2
// +k8s:eachVal=+k8s:format=k8s-short-name
type Codes []string

type Tree struct {
	// +k8s:required
	// +k8s:maxLength=3
	Leaf string `json:"leaf"`
	// +k8s:optional
	Children []Tree `json:"children,omitempty"`
}

type Spec struct {
	Inner `json:",inline"`
	// +k8s:optional
	// +k8s:minimum=0
	Extra int32 `json:"extra,omitempty"`
}

type Inner struct {
	// +k8s:optional
	// +k8s:format=k8s-long-name
	Host string `json:"host,omitempty"`
}

// +k8s:enum
type Phase string

const (
	PhasePending Phase = "Pending"
	PhaseRunning Phase = "Running"
)

type Port struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Port int32 `json:"port,omitempty"`
}

type Disk struct {
	// +k8s:optional
	// +k8s:minimum=1
	Size int64 `json:"size,omitempty"`
}

// Source is a union: exactly one member is set.
type Source struct {
	// +k8s:optional
	// +k8s:unionMember
	Git *string `json:"git,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	Image *string `json:"image,omitempty"`
}

type Condition struct {
	// +k8s:required
	Type string `json:"type"`
}

// +k8s:maxLength=4
type Code string

type Item struct {
	// +k8s:optional
	Code Code `json:"code,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	A *int32 `json:"a,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	B *int32 `json:"b,omitempty"`
}
