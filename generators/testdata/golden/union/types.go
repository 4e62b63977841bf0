package union

type Git struct {
	// +k8s:required
	URL string `json:"url"`
}

// Source is an undiscriminated union.
type Source struct {
	// +k8s:unionMember
	// +k8s:optional
	Git *Git `json:"git,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Image *string `json:"image,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Files []string `json:"files,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Env map[string]string `json:"env,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Count int32 `json:"count,omitempty"`
}

// Shape is discriminated; one member renames its discriminator value.
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

// Two has two named unions, one discriminated.
type Two struct {
	// +k8s:unionMember(union: "storage")
	// +k8s:optional
	Disk *string `json:"disk,omitempty"`
	// +k8s:unionMember(union: "storage")
	// +k8s:optional
	Memory *string `json:"memory,omitempty"`
	// +k8s:unionDiscriminator(union: "auth")
	// +k8s:optional
	Mode string `json:"mode,omitempty"`
	// +k8s:unionMember(union: "auth", memberName: "Token")
	// +k8s:optional
	Bearer *string `json:"bearer,omitempty"`
	// +k8s:unionMember(union: "auth")
	// +k8s:optional
	Basic *string `json:"basic,omitempty"`
}

type Holder struct {
	// +k8s:optional
	Source *Source `json:"source,omitempty"`
	Shape  Shape   `json:"shape"`
	Two    Two     `json:"two"`
}

// Switch is a named bool; a set member of its type is a true one.
type Switch bool

// Toggles is a union whose members are values of a named bool type.
type Toggles struct {
	// +k8s:unionMember
	// +k8s:optional
	On Switch `json:"on,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Off *Switch `json:"off,omitempty"`
}

// Target is a union of one member (k8s.io/api has such unions, which will
// grow): the member is required, with the union's error.
type Target struct {
	// +k8s:optional
	// +k8s:unionMember
	Pod *string `json:"pod,omitempty"`
}
