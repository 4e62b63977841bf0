package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// A kind whose version is deprecated, with labels and annotations on its
// CRD.
//
// +kubebuilder:deprecatedversion:warning="v1 is going away"
// +kubebuilder:metadata:annotations="team=a";"docs=https://example.com",labels="tier=x"
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +kubebuilder:validation:Minimum=0
	Replicas int32 `json:"replicas"`
}
