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

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// owner of the widget.
	// +optional
	Owner *conds.Reference `json:"owner,omitempty"`
	// local is described by conds.Base's markers.
	// +optional
	Local *conds.Local `json:"local,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	// conditions of the widget.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []conds.Condition `json:"conditions,omitempty"`
}
