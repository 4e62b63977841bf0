package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GateSpec has fields without omitempty, optional all the same: the
// package is optional by default.
type GateSpec struct {
	Host string `json:"host"`
	// +kubebuilder:validation:Minimum=1
	Port int32 `json:"port"`
	// +required
	Name string `json:"name"`
	Note Note   `json:"note"`
}

// +kubebuilder:validation:Optional
// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=gt

// Gate is a kind whose marker block holds the package's default. Its
// metadata lines each add their entries, and a quoted "a=1;b=2" is one
// entry (mongodb-kubernetes-operator's six annotations lines).
// +kubebuilder:metadata:annotations="a.example.com/one=1;a.example.com/two=2"
// +kubebuilder:metadata:annotations="b.example.com/three=3";"b.example.com/four=4"
// +kubebuilder:metadata:labels="l1=x"
// +kubebuilder:metadata:labels="l2=y"
type Gate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GateSpec `json:"spec"`
}

// Note has the marker in its doc comment, where controller-gen reads no
// package marker: it changes nothing.
// +kubebuilder:validation:Optional
type Note struct {
	Text string `json:"text"`
	// Tags' default and example are written a;b, which controller-gen
	// reads as lists (Kamaji's default of a list).
	// +kubebuilder:default=A;B
	// +kubebuilder:example=x;y
	Tags []string `json:"tags,omitempty"`
}
