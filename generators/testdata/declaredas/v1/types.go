package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/declval/validation-gen/generators/testdata/declaredas/conds"
)

// Widget is a kind.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// Name is an alias of a builtin type with markers of its own, which the
// fields that name it are described with.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=16
type Name = string

// Ref is an alias of a named type, which controller-gen reads as that
// type where this package names it: it reads none of the alias's markers.
// +kubebuilder:validation:XValidation:rule="has(self.name)",message="read nowhere"
type Ref = conds.Reference

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// owner of the widget.
	// +optional
	Owner *conds.Reference `json:"owner,omitempty"`
	// local is described by conds.Base's markers.
	// +optional
	Local *conds.Local `json:"local,omitempty"`
	// +optional
	Name Name `json:"name,omitempty"`
	// A field's own bounds next to its alias's.
	// +kubebuilder:validation:MinLength=10
	// +optional
	LongName *Name `json:"longName,omitempty"`
	// +optional
	Names []Name `json:"names,omitempty"`
	// +optional
	Label conds.Label `json:"label,omitempty"`
	// +optional
	Manager *conds.Owner `json:"manager,omitempty"`
	// +optional
	Other *Ref `json:"other,omitempty"`
	// Names by key: the values are the alias's.
	// +optional
	NamesByKey map[string]Name `json:"namesByKey,omitempty"`
	// Lists of names by key, of pointers.
	// +optional
	NameListsByKey map[string][]*Name `json:"nameListsByKey,omitempty"`
	// +optional
	LabelsByKey map[string]conds.Label `json:"labelsByKey,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// conditions of the widget.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []conds.Condition `json:"conditions,omitempty"`
}
