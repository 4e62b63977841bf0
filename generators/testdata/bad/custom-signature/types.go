package bad

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type T struct {
	// +k8s:customValidation
	Names []string `json:"names"`
}

func ValidateCustom_T_Names(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *[]string) field.ErrorList {
	return nil
}
