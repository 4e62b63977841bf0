package api

// ModeKind is the mode of Modes. Its modes are strings of validationtest's
// pool (TCP, UDP, Ready, Failed, a, abc), so that random objects hit each.
type ModeKind string

// Modes uses +k8s:modeDiscriminator and +k8s:ifMode in every form
// validation-gen writes: string (typedef) and bool discriminators, three
// modalities, chains of presence, value, list and map tags in one mode (in
// the order that decides what short-circuits), alpha and beta wrappers
// outside and inside the chain, pointer and non-pointer members, and a
// recursive member (a validateTree function).
type Modes struct {
	// +k8s:optional
	// +k8s:modeDiscriminator
	Kind ModeKind `json:"kind,omitempty"`
	// +k8s:optional
	// +k8s:modeDiscriminator(modality: "Strict")
	Strict bool `json:"strict,omitempty"`
	// The discriminator of Proto is also a member of the default modality.
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator(modality: "Proto")
	// +k8s:ifMode("TCP")=+k8s:required
	Proto string `json:"proto,omitempty"`

	// required short-circuits maxLength, written after it.
	// +k8s:optional
	// +k8s:ifMode("TCP")=+k8s:required
	// +k8s:ifMode("TCP")=+k8s:maxLength=5
	// +k8s:ifMode("UDP")=+k8s:optional
	Label *string `json:"label,omitempty"`

	// minLength runs before optional: an empty name fails it.
	// +k8s:optional
	// +k8s:ifMode("TCP")=+k8s:minLength=2
	// +k8s:ifMode("TCP")=+k8s:optional
	// +k8s:ifMode("abc")=+k8s:format=k8s-short-name
	Name string `json:"name,omitempty"`

	// +k8s:optional
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:maxItems=2
	// +k8s:ifMode(modality: "Strict", mode: "false")=+k8s:minItems=1
	Sizes []int32 `json:"sizes,omitempty"`

	// Mixed levels: the Forbidden of other modes is stable. (Kubernetes'
	// lint allows no wrapper inside a chain.)
	// +k8s:optional
	// +k8s:alpha=+k8s:ifMode("UDP")=+k8s:forbidden
	// +k8s:alpha=+k8s:ifMode("TCP")=+k8s:minimum=10
	// +k8s:beta=+k8s:ifMode("Ready")=+k8s:maximum=100
	Count *int32 `json:"count,omitempty"`

	// maxLength runs before forbidden, the last short-circuit: both report.
	// +k8s:optional
	// +k8s:alpha=+k8s:ifMode("Failed")=+k8s:maxLength=3
	// +k8s:alpha=+k8s:ifMode("Failed")=+k8s:forbidden
	// +k8s:alpha=+k8s:ifMode("TCP")=+k8s:required
	Note *string `json:"note,omitempty"`

	// Every Forbidden of this one is beta.
	// +k8s:optional
	// +k8s:beta=+k8s:ifMode(modality: "Proto", mode: "TCP")=+k8s:maxProperties=1
	// +k8s:beta=+k8s:ifMode(modality: "Proto", mode: "TCP")=+k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:beta=+k8s:ifMode(modality: "Proto", mode: "UDP")=+k8s:maxProperties=3
	Labels map[string]string `json:"labels,omitempty"`

	// A member whose type has its own validation, which runs in every mode.
	// +k8s:optional
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:required
	Disk *Disk `json:"disk,omitempty"`

	// +k8s:optional
	// +k8s:alpha=+k8s:ifMode(modality: "Proto", mode: "UDP")=+k8s:neq=100
	// +k8s:ifMode(modality: "Proto", mode: "TCP")=+k8s:minimum=1
	// +k8s:ifMode(modality: "Proto", mode: "Ready")=+k8s:optional
	Port int32 `json:"port,omitempty"`

	// +k8s:optional
	// +k8s:listType=set
	// +k8s:ifMode("abc")=+k8s:maxItems=3
	// +k8s:ifMode("abc")=+k8s:minItems=2
	// +k8s:ifMode("a")=+k8s:optional
	Tags []string `json:"tags,omitempty"`

	// Both modes of a bool: never Forbidden.
	// +k8s:optional
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:required
	// +k8s:ifMode(modality: "Strict", mode: "false")=+k8s:optional
	Enabled bool `json:"enabled,omitempty"`

	// Options in a mode: forbidden (beta) without Strict, required with
	// it; maxLength after the last of them.
	// +k8s:optional
	// +k8s:beta=+k8s:ifMode("Ready")=+k8s:ifDisabled("Strict")=+k8s:forbidden
	// +k8s:ifMode("Ready")=+k8s:ifEnabled("Strict")=+k8s:required
	// +k8s:ifMode("Ready")=+k8s:maxLength=4
	// +k8s:ifMode("UDP")=+k8s:ifEnabled("Strict")=+k8s:minLength=3
	Gate *string `json:"gate,omitempty"`

	// +k8s:optional
	// +k8s:ifMode("a")=+k8s:optional
	// +k8s:ifMode("Ready")=+k8s:optional
	Next *Modes `json:"next,omitempty"`
}
