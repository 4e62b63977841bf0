package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Gadget is a kind with rules of its own and of a struct it embeds:
// before v0.16 the kind's own come first, under allOf.
// +kubebuilder:validation:XValidation:rule="has(self.spec)",message="own"
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Stamp             `json:",inline"`
	// +optional
	Spec *WidgetSpec `json:"spec,omitempty"`
}

func (in *Gadget) DeepCopyObject() runtime.Object { return in }

// Stamp is embedded in a kind.
// +kubebuilder:validation:XValidation:rule="has(self.stamp)",message="stamp"
type Stamp struct {
	// +optional
	Stamp string `json:"stamp,omitempty"`
}
