// Package lib has handwritten validation with the generated surface; it
// is passed to the generator as --readonly-pkg.
package lib

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type Thing struct {
	Value int `json:"value"`
}

// Validate_Thing is called by generated code with a *field.Path.
func Validate_Thing(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *Thing) field.ErrorList {
	if obj.Value < 0 {
		return field.ErrorList{field.Invalid(fldPath.Child("value"), obj.Value, "must not be negative").WithOrigin("minimum")}
	}
	return nil
}

// Unvalidated has no Validate_ function: nothing is called for it.
type Unvalidated struct {
	X int `json:"x"`
}
