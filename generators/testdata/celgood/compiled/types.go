package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
	Other             Other     `json:"other"`
}

// +k8s:rule(rule: "!has(self.max) || self.min <= self.max", message: "min must not exceed max", fieldPath: ".min")
type ThingSpec struct {
	Min int32  `json:"min"`
	Max *int32 `json:"max,omitempty"`
	// +k8s:rule(rule: "self in ['a', 'b']")
	Mode string `json:"mode,omitempty"`
}

// +k8s:rule(rule: "dyn(self.name) == 'x' || true", message: "two parts")
type Other struct {
	Name string `json:"name"`
}
