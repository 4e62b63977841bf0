package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:maxItems=4
	Items []Item `json:"items,omitempty"`
}

type Item struct {
	// Below a list item the CRD defaults name to "", which breaks the rule.
	// +k8s:maxLength=8
	// +k8s:rule(rule: "self.endsWith('a')")
	Name string `json:"name"`
}
