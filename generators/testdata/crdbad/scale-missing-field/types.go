package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.ready
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec    `json:"spec"`
	Status            *ThingStatus `json:"status,omitempty"`
}

type ThingSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`
}

type ThingStatus struct {
	// +k8s:minimum=0
	Replicas int32 `json:"replicas"`
}
