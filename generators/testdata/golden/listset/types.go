package listset

// Point is direct-comparable.
type Point struct {
	X int32 `json:"x"`
	Y int32 `json:"y"`
}

// Blob is not direct-comparable (it holds a slice and a pointer).
type Blob struct {
	Data []byte  `json:"data"`
	Ref  *string `json:"ref,omitempty"`
}

// +k8s:listType=set
type NameSet []string

type T struct {
	// +k8s:optional
	// +k8s:listType=set
	Strings []string `json:"strings,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	Points []Point `json:"points,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	Blobs []Blob `json:"blobs,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	PtrInts []*int64 `json:"ptrInts,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=8
	Short []string `json:"short,omitempty"`
	// +k8s:optional
	Names NameSet `json:"names,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	Atomic []string `json:"atomic,omitempty"`
}
