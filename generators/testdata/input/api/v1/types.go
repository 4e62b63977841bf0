package v1

import metav1 "github.com/declval/validation-gen/generators/testdata/input/meta/v1"

type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:optional
	Metadata *metav1.ObjectMeta `json:"metadata,omitempty"`
	// +k8s:required
	// +kubebuilder:validation:MaxLength=5
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Size int32 `json:"size,omitempty"`
	// +k8s:optional
	Attr *DeviceAttribute `json:"attr,omitempty"`
}

type DeviceAttribute struct {
	// +k8s:optional
	// +k8s:maxLength=8
	Value *string `json:"value,omitempty"`
}
