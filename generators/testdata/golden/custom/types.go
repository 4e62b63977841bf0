package custom

// +k8s:customValidation
type Struct struct {
	TypeMeta int `json:"typeMeta"`

	// +k8s:customValidation
	StringField string `json:"stringField"`

	// Combined with a declarative tag: both run.
	// +k8s:optional
	// +k8s:maxLength=3
	// +k8s:customValidation
	MaxLengthField string `json:"maxLengthField,omitempty"`

	// A pointer with no presence tag: the function is called with nil.
	// +k8s:beta=+k8s:customValidation
	Priority *int32 `json:"priority,omitempty"`

	// A list: passed as it is.
	// +k8s:customValidation
	// +k8s:immutable
	Items []string `json:"items,omitempty"`

	// +k8s:ifEnabled("FeatureX")=+k8s:customValidation
	Gated string `json:"gated,omitempty"`

	Typedef StringType `json:"typedef,omitempty"`
}

// +k8s:customValidation
type StringType string
