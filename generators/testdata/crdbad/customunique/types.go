package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:customUnique
	// +k8s:maxItems=8
	Names []string `json:"names,omitempty"`
}
