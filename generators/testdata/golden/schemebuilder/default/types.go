package defaultregistry

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +k8s:required
	// +k8s:maxLength=10
	Name string `json:"name"`
}

// Gadget has no validation: it is not registered.
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	Note            string `json:"note"`
}

func (in *Widget) DeepCopyObject() runtime.Object { out := *in; return &out }

func (in *Gadget) DeepCopyObject() runtime.Object { out := *in; return &out }
