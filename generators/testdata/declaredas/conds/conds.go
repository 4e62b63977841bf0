// Package conds stands for a dependency (operatorpkg's status package is
// one): it declares types as other named types, and the run that uses
// them names only these, never the types they are declared as.
package conds

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Condition is declared as metav1.Condition: controller-gen describes it
// with metav1.Condition's field descriptions and markers.
type Condition metav1.Condition

// Local is declared as a type of its own package that the run never
// names.
// +kubebuilder:validation:XValidation:rule="self.size != 'M' || (has(self.count) && self.count > 0)",message="medium needs a count"
type Local Base

// Base holds the markers Local is described with.
type Base struct {
	// size is S, M or L.
	// +kubebuilder:validation:Enum=S;M;L
	Size string `json:"size"`
	// count of things.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Count int32 `json:"count,omitempty"`
}

// Label is an alias of a builtin type with markers of its own, which a
// field that names it from another package (conds.Label) is described
// with.
// +kubebuilder:validation:MaxLength=63
type Label = string

// Owner is an alias of a named type, with a doc of its own.
// +kubebuilder:validation:XValidation:rule="self.name.size() > 0",message="an owner has a name"
type Owner = Reference
