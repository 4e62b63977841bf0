// Package validation plays apimachinery's meta/v1/validation: it declares
// itself the validation of meta/v1, and the handwritten function meta/v1's
// +k8s:customValidation calls.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=github.com/declval/validation-gen/generators/testdata/input/meta/v1
package validation

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func ValidateCustom_Condition_LastTransitionTime(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	return nil
}
