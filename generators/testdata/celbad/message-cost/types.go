package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

// The rule is cheap; its messageExpression is not (the server's estimate
// bounds no string built with string() of a number).
//
// +k8s:rule(rule: "self.replicas >= 0", messageExpression: "'replicas is ' + string(self.replicas)")
type ThingSpec struct {
	Replicas int32 `json:"replicas"`
}
