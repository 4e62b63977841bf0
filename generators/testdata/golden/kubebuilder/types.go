package kubebuilder

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Thing is a kind.
// +kubebuilder:validation:XValidation:rule="!has(self.spec.source) || !has(self.spec.source.secretKeyRef) || self.spec.source.secretKeyRef.key != 'x'",message="not x"
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +required
	Spec ThingSpec `json:"spec,omitempty,omitzero"`
}

// MountPoints is a list of paths; a null one is not checked for its
// length.
// +kubebuilder:validation:MinItems=1
// +kubebuilder:validation:items:MaxLength=8
type MountPoints []string

// Note is a short note.
// +kubebuilder:validation:MaxLength=8
type Note string

// Base is embedded.
type Base struct {
	// +kubebuilder:validation:MinLength=1
	Ref string `json:"ref,omitempty"`
}

// Meta has at least one property.
// +kubebuilder:validation:MinProperties=1
type Meta struct {
	Labels map[string]string `json:"labels,omitempty"`
}

// Limit has only scalar fields: compared with ==, and its properties
// counted without reflection (runtime.UnchangedPlain, CountTrue).
// +kubebuilder:validation:MinProperties=2
type Limit struct {
	Name  string  `json:"name"`
	Max   int32   `json:"max,omitempty"`
	Ratio float64 `json:"ratio,omitzero"`
	On    bool    `json:"on,omitempty"`
}

// ThingSpec is its spec.
// ThingSpec's rule repeats a term (Kong's), which go vet would report in
// the compiled rule.
// +kubebuilder:validation:XValidation:rule="has(self.mounts) || has(self.mounts) || !has(self.notes)",message="mounts or no notes"
type ThingSpec struct {
	Base `json:",inline"`
	// Mounts is a list of lists.
	// +optional
	// +kubebuilder:validation:MaxItems=4
	Mounts []MountPoints `json:"mounts,omitempty"`
	// Notes are checked in the map's order, and again in the keys' order
	// when they have errors.
	// +optional
	Notes map[string]Note `json:"notes,omitempty"`
	// Limits are plain structs by name.
	// +optional
	Limits map[string]Limit `json:"limits,omitempty"`
	// Data is at most 8 bytes of base64.
	// +optional
	// +kubebuilder:validation:MaxLength=8
	Data []byte `json:"data,omitempty"`
	// Meta is left out when zero.
	// +optional
	Meta Meta `json:"meta,omitempty,omitzero"`
	// Value is any JSON.
	// +optional
	// +kubebuilder:pruning:PreserveUnknownFields
	Value runtime.RawExtension `json:"value,omitempty"`
	// Source is read by Thing's rule through structs of
	// k8s.io/api/core/v1, whose locals in the compiled rule must not shadow
	// the package's import name (v1).
	// +optional
	Source *corev1.EnvVarSource `json:"source,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (t *Thing) DeepCopyObject() runtime.Object { c := *t; return &c }
