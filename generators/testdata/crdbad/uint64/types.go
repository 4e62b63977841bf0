package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:optional
	// +k8s:minimum=1
	Generation uint64 `json:"generation,omitempty"`
	// uint32 fits an int64: fine.
	Small []uint32 `json:"small,omitempty"`
}
