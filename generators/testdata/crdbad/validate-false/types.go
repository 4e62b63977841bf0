package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:validateTrue
	// +k8s:alpha=+k8s:validateFalse="not enforced in a CRD"
	// +k8s:eachKey=+k8s:validateFalse="no CRD form"
	Labels map[string]string `json:"labels,omitempty"`
}
