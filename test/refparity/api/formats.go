package api

// Formats holds every +k8s:format of the reference (k8s-ip is not one):
// on strings, pointers and a typedef, and through eachVal and eachKey.
type Formats struct {
	// +k8s:optional
	// +k8s:format=k8s-extended-resource-name
	ExtendedResource string `json:"extendedResource,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-label-key
	LabelKey *string `json:"labelKey,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-label-value
	LabelValue string `json:"labelValue,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	LongName *string `json:"longName,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name-caseless
	Caseless string `json:"caseless,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-path-segment-name
	Segment *string `json:"segment,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-prefixed-label-key
	PrefixedKey string `json:"prefixedKey,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-resource-fully-qualified-name
	QualifiedName *string `json:"qualifiedName,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-resource-pool-name
	Pool string `json:"pool,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-short-name
	Short *string `json:"short,omitempty"`
	// +k8s:optional
	UID *FormatUID `json:"uid,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:format=k8s-label-value
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-extended-resource-name
	Extended map[string]int64 `json:"extended,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:format=k8s-resource-fully-qualified-name
	Devices []string `json:"devices,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-resource-pool-name
	Pools []string `json:"pools,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:format=k8s-prefixed-label-key
	// +k8s:eachKey=+k8s:format=k8s-long-name-caseless
	Owners map[string]string `json:"owners,omitempty"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:format=k8s-path-segment-name
	Segments []FormatUID `json:"segments,omitempty"`
}

// FormatUID is a lower-case UUID, checked on the type.
//
// +k8s:format=k8s-uuid
type FormatUID string
