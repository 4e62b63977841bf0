// Package v2 is written for controller-gen: its Sprocket kind's CRD gets a
// version from package v1's Sprocket struct, as controller-gen writes it.
// +groupName=namesake.example.com
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Sprocket is a kind.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Sprocket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              SprocketSpec `json:"spec,omitempty"`
}

// SprocketSpec is a Sprocket's.
type SprocketSpec struct {
	// +kubebuilder:validation:MaxLength=8
	Name string `json:"name,omitempty"`
}
