package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:optional
	Names []Name `json:"names,omitempty"`
}

type Name struct {
	// +k8s:format=k8s-long-name
	Value string `json:"value"`
}
