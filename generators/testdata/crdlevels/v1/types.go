package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Gauge struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GaugeSpec `json:"spec,omitempty"`
}

type GaugeSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:beta(since: "1.36")=+k8s:maximum=100
	// +k8s:alpha(since: "1.37")=+k8s:neq=13
	Level int32 `json:"level,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:maxItems=4
	// +k8s:beta=+k8s:eachVal=+k8s:maxLength=8
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:alpha=+k8s:immutable
	Class string `json:"class,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Cat *string `json:"cat,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:unionMember
	Dog *string `json:"dog,omitempty"`
	// +k8s:optional
	Unit Unit `json:"unit,omitempty"`
}

// +k8s:alpha=+k8s:enum
type Unit string

const (
	UnitC Unit = "C"
	UnitF Unit = "F"
)
