package unions

// Source is a union of exactly one kind of source.
type Source struct {
	// +k8s:unionMember
	// +k8s:optional
	Git *GitSource `json:"git,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Image *string `json:"image,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Files []string `json:"files,omitempty"`
}

type GitSource struct {
	// +k8s:required
	URL string `json:"url"`
}

// Shape names its set member with a discriminator.
type Shape struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +k8s:unionMember
	// +k8s:optional
	Circle *int32 `json:"circle,omitempty"`
	// +k8s:unionMember(memberName: "Box")
	// +k8s:optional
	Square *int32 `json:"square,omitempty"`
}

// Limits has two independent groups of which at most one member is set.
type Limits struct {
	// +k8s:zeroOrOneOfMember(union: "cpu")
	// +k8s:optional
	Cores int32 `json:"cores,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "cpu")
	// +k8s:optional
	Millis int32 `json:"millis,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "mem")
	// +k8s:optional
	Bytes *int64 `json:"bytes,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "mem")
	// +k8s:optional
	Pages *int64 `json:"pages,omitempty"`
}

type Task struct {
	Name string `json:"name"`
	// +k8s:optional
	Size int32 `json:"size,omitempty"`
}

// Job has exactly one of two named tasks, and a minimum size for one.
type Job struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:unionMember
	// +k8s:item(name: "primary")=+k8s:subfield("size")=+k8s:minimum=10
	Tasks []Task `json:"tasks"`
}
