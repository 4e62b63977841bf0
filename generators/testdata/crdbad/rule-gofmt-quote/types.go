package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a kind.
// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              Spec `json:"spec"`
}

// Spec has a rule gofmt broke: it turned two single quotes into a quotation mark.
type Spec struct {
	// +kubebuilder:validation:XValidation:rule="self.name != ”",message="a name"
	// +optional
	Inner *Inner `json:"inner,omitempty"`
}

// Inner is an object.
type Inner struct {
	// +optional
	Name string `json:"name,omitempty"`
}
