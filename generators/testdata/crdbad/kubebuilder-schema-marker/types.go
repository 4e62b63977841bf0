package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// controller-gen's marker: with CRD output, an error, not a check the
	// CRD silently lacks.
	// +kubebuilder:validation:Minimum=1
	Replicas int32 `json:"replicas"`
}
