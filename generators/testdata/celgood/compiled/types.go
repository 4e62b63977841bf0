package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
	Other             Other     `json:"other"`
}

// +k8s:rule(rule: "!has(self.max) || self.min <= self.max", message: "min must not exceed max", fieldPath: ".min")
// +k8s:rule(rule: "!has(self.__namespace__) || self.__namespace__ != self.mode", message: "the namespace is not the mode")
type ThingSpec struct {
	Min int32  `json:"min"`
	Max *int32 `json:"max,omitempty"`
	// +k8s:rule(rule: "self in ['a', 'b']")
	Mode string `json:"mode,omitempty"`
	// namespace is a CEL keyword: the server's CEL names it __namespace__.
	Namespace string `json:"namespace,omitempty"`
}

// +k8s:rule(rule: "dyn(self.name) == 'x' || true", message: "two parts")
type Other struct {
	Name string `json:"name"`
}
