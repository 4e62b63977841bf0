package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:maxItems=4
	Steps []Step `json:"steps"`
}

// +k8s:rule(rule: "self.name == oldSelf.name", message: "immutable")
type Step struct {
	// +k8s:maxLength=8
	Name string `json:"name"`
}
