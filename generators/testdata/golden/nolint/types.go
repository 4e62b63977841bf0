package nolint

type TypeMeta struct{}

// Eviction requests the eviction of a target.
//
// +k8s:validation-gen-nolint // Note: remove this when the API got GA
type Eviction struct {
	TypeMeta `json:",inline"`

	// +k8s:required # a trailing comment, as Kubernetes' tag parser reads it
	// +k8s:maxLength=63 # at most a label
	Target string `json:"target"`
}
