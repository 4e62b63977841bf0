package ifmode

// Kind is the mode of a Policy.
type Kind string

// Policy is shaped like flowcontrol's PriorityLevelConfigurationSpec: one
// member per mode, behind beta.
type Policy struct {
	// +k8s:beta(since: "1.37")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
	Type Kind `json:"type"`
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required
	Limited *Limits `json:"limited,omitempty"`
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Exempt")=+k8s:optional
	Exempt *string `json:"exempt,omitempty"`
}

type Limits struct {
	// +k8s:minimum=1
	Shares int32 `json:"shares"`
}

// Shape has a string and a bool modality, with several rules in a mode and
// a field shared by two modes.
type Shape struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`
	// +k8s:modeDiscriminator(modality: "Strict")
	Strict bool `json:"strict"`

	// The short-circuiting required stops maxLength, which follows it.
	// +k8s:ifMode("Box")=+k8s:required
	// +k8s:ifMode("Box")=+k8s:maxLength=5
	// +k8s:ifMode("Circle")=+k8s:optional
	Label *string `json:"label,omitempty"`
	// minLength runs before optional, which stops nothing after it.
	// +k8s:ifMode("Box")=+k8s:minLength=2
	// +k8s:ifMode("Box")=+k8s:optional
	Name string `json:"name,omitempty"`
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:maxItems=2
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:minItems=1
	// +k8s:ifMode(modality: "Strict", mode: "false")=+k8s:optional
	Sizes []int32 `json:"sizes,omitempty"`
	// The alpha Forbidden of an unknown mode, a beta required in Box.
	// +k8s:alpha=+k8s:ifMode("Circle")=+k8s:forbidden
	// +k8s:alpha=+k8s:ifMode("Box")=+k8s:beta=+k8s:required
	Count int32 `json:"count,omitempty"`
	// An inner wrapper marks only its tag's errors; the Forbidden stays
	// stable.
	// +k8s:ifMode("Box")=+k8s:beta=+k8s:maxLength=3
	// Under an option, required stops maxLength when the option applies
	// and when the caller did not define it.
	// +k8s:ifMode("Circle")=+k8s:ifEnabled("Strict")=+k8s:required
	// +k8s:ifMode("Circle")=+k8s:maxLength=8
	Code *string `json:"code,omitempty"`
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:maxProperties=1
	// +k8s:ifMode(modality: "Strict", mode: "true")=+k8s:eachKey=+k8s:format=k8s-short-name
	Labels map[string]string `json:"labels,omitempty"`
}
