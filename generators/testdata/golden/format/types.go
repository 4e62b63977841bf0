package format

type Format struct {
	// +k8s:format=k8s-ip
	IP string `json:"ip"`
	// +k8s:format=k8s-long-name
	Long string `json:"long"`
	// +k8s:format=k8s-short-name
	Short string `json:"short"`
	// +k8s:optional
	// +k8s:format=k8s-ip
	PIP *string `json:"pip,omitempty"`
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Names []string `json:"names"`

	// +k8s:format=k8s-extended-resource-name
	ExtendedResource string `json:"extendedResource"`
	// +k8s:format=k8s-label-key
	LabelKey string `json:"labelKey"`
	// +k8s:optional
	// +k8s:format=k8s-label-value
	LabelValue *string `json:"labelValue,omitempty"`
	// +k8s:format=k8s-long-name-caseless
	Caseless string `json:"caseless"`
	// +k8s:optional
	// +k8s:format=k8s-path-segment-name
	Segment string `json:"segment,omitempty"`
	// +k8s:format=k8s-prefixed-label-key
	PrefixedKey string `json:"prefixedKey"`
	// +k8s:format=k8s-resource-fully-qualified-name
	QualifiedName string `json:"qualifiedName"`
	// +k8s:format=k8s-resource-pool-name
	Pool string `json:"pool"`
	// +k8s:format=k8s-uuid
	UID UUID `json:"uid"`
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:format=k8s-label-value
	Labels map[string]string `json:"labels"`
	// +k8s:eachVal=+k8s:format=k8s-resource-fully-qualified-name
	Devices []string `json:"devices"`
}

// UUID keeps its own type as the errors' bad value.
type UUID string
