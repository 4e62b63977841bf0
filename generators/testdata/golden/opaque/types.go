package opaque

type Inner struct {
	// +k8s:required
	Name string `json:"name"`
}

type Opaque struct {
	// Validated: Inner's own rules run.
	Normal Inner `json:"normal"`
	// +k8s:opaqueType
	Skipped Inner `json:"skipped"`
	// +k8s:optional
	// +k8s:opaqueType
	SkippedPtr *Inner `json:"skippedPtr,omitempty"`
	// +k8s:eachVal=+k8s:opaqueType
	SkippedList []Inner `json:"skippedList"`
	// +k8s:eachVal=+k8s:opaqueType
	// +k8s:eachKey=+k8s:maxLength=3
	SkippedMap map[string]Inner `json:"skippedMap"`
}
