package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:modeDiscriminator
	Kind string `json:"kind"`
	// +k8s:optional
	// +k8s:ifMode("A")=+k8s:eachKey=+k8s:maxLength=10
	Labels map[string]string `json:"labels,omitempty"`
}
