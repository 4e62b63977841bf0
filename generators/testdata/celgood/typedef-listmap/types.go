package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:optional
	Steps Steps `json:"steps,omitempty"`
}

// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:maxItems=4
type Steps []Step

// +k8s:rule(rule: "self.n >= oldSelf.n", message: "n may not decrease")
type Step struct {
	// +k8s:maxLength=8
	Name string `json:"name"`
	N    int32  `json:"n"`
}
