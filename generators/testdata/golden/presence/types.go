package presence

type Inner struct {
	// +k8s:optional
	X string `json:"x,omitempty"`
}

type Presence struct {
	// +k8s:optional
	OptString string `json:"optString,omitempty"`
	// +k8s:required
	ReqString string `json:"reqString"`
	// +k8s:forbidden
	ForbString string `json:"forbString,omitempty"`
	// +k8s:optional
	OptInt int32 `json:"optInt,omitempty"`
	// +k8s:required
	ReqInt int64 `json:"reqInt"`
	// +k8s:forbidden
	ForbInt int `json:"forbInt,omitempty"`
	// +k8s:optional
	OptBool bool `json:"optBool,omitempty"`
	// +k8s:required
	ReqBool bool `json:"reqBool"`
	// +k8s:forbidden
	ForbBool bool `json:"forbBool,omitempty"`
	// +k8s:optional
	OptPtr *string `json:"optPtr,omitempty"`
	// +k8s:required
	ReqPtr *Inner `json:"reqPtr"`
	// +k8s:forbidden
	ForbPtr *int32 `json:"forbPtr,omitempty"`
	// +k8s:optional
	OptSlice []string `json:"optSlice,omitempty"`
	// +k8s:required
	ReqSlice []Inner `json:"reqSlice"`
	// +k8s:forbidden
	ForbSlice []int `json:"forbSlice,omitempty"`
	// +k8s:optional
	OptMap map[string]string `json:"optMap,omitempty"`
	// +k8s:required
	ReqMap map[string]int `json:"reqMap"`
	// +k8s:forbidden
	ForbMap map[string]bool `json:"forbMap,omitempty"`
}
