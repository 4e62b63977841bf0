package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a kind.
//
// It has two paragraphs.
// TODO: a note to implementers.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }

// Ruled has a rule of its own.
// ---
// Everything here is a comment.
// +kubebuilder:validation:XValidation:rule="self.a != 'x'",message="type rule"
type Ruled struct {
	// a is a string.
	// +optional
	A string `json:"a,omitempty"`
}

// Base is embedded.
// +kubebuilder:validation:XValidation:rule="self.b != 'y'",message="base rule"
type Base struct {
	// +optional
	B string `json:"b,omitempty"`
}

// Embedding embeds Base.
// +kubebuilder:validation:XValidation:rule="self.c != 'z'",message="own rule"
type Embedding struct {
	Base `json:",inline"`
	// +optional
	C string `json:"c,omitempty"`
}

// WidgetSpec is the spec.
type WidgetSpec struct {
	// count has a Kubernetes default.
	// +default=5
	// +optional
	Count int32 `json:"count,omitempty"`
	// name is required the Kubernetes way.
	// +required
	Name string `json:"name,omitempty"`
	// ruled has a field rule and its type's.
	// +kubebuilder:validation:XValidation:rule="self.a != 'w'",message="field rule"
	// +optional
	Ruled Ruled `json:"ruled,omitempty"`
	// embedding has a field rule too.
	// +kubebuilder:validation:XValidation:rule="self.c != 'v'",message="field rule on embedding"
	// +optional
	Embedding Embedding `json:"embedding,omitempty"`
	// code keeps fenced lines:
	// ```
	// TODO inside a fence
	// ```
	// TODO: outside.
	//
	//
	// After two blank lines.
	// +optional
	Code string `json:"code,omitempty"`
	/* star comment
	   with indent

	   and a paragraph */
	// +optional
	Star string `json:"star,omitempty"`
	// +kubebuilder:validation:Required
	Req string `json:"req,omitempty"`
	// +kubebuilder:default=3
	// +optional
	KD int32 `json:"kd,omitempty"`
	// tags are bounded by an items: marker, which v0.14 does not read.
	// +kubebuilder:validation:items:MaxLength=3
	// +optional
	Tags []string `json:"tags,omitempty"`
	// proto is a corev1.Protocol, which v0.15 writes with its default.
	// +optional
	Proto corev1.Protocol `json:"proto,omitempty"`
}
