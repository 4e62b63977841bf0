package custom

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func ValidateCustom_Struct(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *Struct) field.ErrorList {
	return nil
}

func ValidateCustom_Struct_StringField(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *string) field.ErrorList {
	return nil
}

func ValidateCustom_Struct_MaxLengthField(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *string) field.ErrorList {
	return nil
}

func ValidateCustom_Struct_Priority(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *int32) field.ErrorList {
	return nil
}

func ValidateCustom_Struct_Items(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ []string) field.ErrorList {
	return nil
}

func ValidateCustom_Struct_Gated(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *string) field.ErrorList {
	return nil
}

func ValidateCustom_StringType(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *StringType) field.ErrorList {
	return nil
}
