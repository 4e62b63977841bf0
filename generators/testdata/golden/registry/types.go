package registry

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec"`
}

type WidgetSpec struct {
	// +k8s:required
	// +k8s:maxLength=10
	Name string `json:"name"`
}

// Gadget has TypeMeta but no validations of its own.
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	Note            string `json:"note"`
}
