package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:optional
	Steps map[string][]Step `json:"steps,omitempty"`
}

// +k8s:rule(rule: "self.n >= oldSelf.n", message: "n may not decrease")
type Step struct {
	N int32 `json:"n"`
}
