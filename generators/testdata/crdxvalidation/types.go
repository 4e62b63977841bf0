package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// controller-gen's XValidation on a kind, next to the CRD markers.
//
// +kubebuilder:resource:scope=Cluster
// +kubebuilder:validation:XValidation:rule="self.spec.replicas >= 0",message="replicas must not be negative"
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	Replicas int32 `json:"replicas"`
}
