package bad

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type T struct {
	// +k8s:required
	Name string `json:"name"`
}

func ValidateCustom_T_Name(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *string) field.ErrorList {
	return nil
}
