package contra

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GizmoSpec `json:"spec"`
}

type GizmoSpec struct {
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Minimum=2
	Twice int32 `json:"twice"`
	// +kubebuilder:validation:Minimum=10
	// +kubebuilder:validation:Maximum=5
	Bounds int32 `json:"bounds"`
	// +kubebuilder:validation:MinLength=10
	// +kubebuilder:validation:MaxLength=5
	Length string `json:"length"`
	// +kubebuilder:validation:items:MinLength=3
	// +kubebuilder:validation:items:MaxLength=2
	Items []string `json:"items,omitempty"`
	// +kubebuilder:default="abc"
	WrongType int32 `json:"wrongType,omitempty"`
	// +kubebuilder:validation:Maximum=3
	// +kubebuilder:default=7
	OverMax int32 `json:"overMax,omitempty"`
	// +kubebuilder:validation:Enum=a;b
	// +kubebuilder:default=c
	NotInEnum string `json:"notInEnum,omitempty"`
	Quoted    int64  `json:"quoted,omitempty,string"`
	// +kubebuilder:validation:Type=string
	QuotedTyped int64 `json:"quotedTyped,omitempty,string"`
	// ＋kubebuilder:validation:MaxLength=3
	Fullwidth string `json:"fullwidth,omitempty"`
	// +required
	// +optional
	Both string `json:"both,omitempty"`
	// A property the spec declares and an inlined struct declares again,
	// of one type (prometheus-operator's ProbeSpec.Authorization): what
	// both take from the type's schema (a default, a bound) is kept once.
	Auth   *SecretRef `json:"auth,omitempty"`
	Shared `json:",inline"`
}

type Shared struct {
	Auth *SecretRef `json:"auth,omitempty"`
}

type SecretRef struct {
	// +kubebuilder:default=""
	Name string `json:"name,omitempty"`
	// +kubebuilder:validation:MinLength=1
	Key string `json:"key"`
}
