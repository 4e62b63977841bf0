package v1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +k8s:optional
	// +k8s:customValidation
	Name string `json:"name,omitempty"`
}

func ValidateCustom_Thing_Name(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *string) field.ErrorList {
	return nil
}
