package api

// Defaulted has optional fields with +default, which Kubernetes reads as
// "effectively required" (or, for a zero default on a value, as no
// optional at all), as k8s.io/api's apps/v1beta1 and resource/v1 do.
type Defaulted struct {
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +default=0
	// +k8s:beta(since: "1.37")=+k8s:minimum=1
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +default="Equal"
	Operator string `json:"operator,omitempty"`
	// +k8s:optional
	// +default={"size": 1}
	Disk *Disk `json:"disk,omitempty"`
	// +k8s:optional
	// +default=100
	// +k8s:minimum=1
	// +k8s:maximum=1000
	Count int32 `json:"count,omitempty"`
	// +k8s:optional
	// +default=false
	Flag bool `json:"flag,omitempty"`
	// +k8s:optional
	// +default=["a"]
	// +k8s:maxItems=2
	Names []string `json:"names,omitempty"`
}
