package api

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Customs calls handwritten functions (+k8s:customValidation), as
// k8s.io/api's core/v1 EvictionResponder does: on fields of each kind,
// with a stability level, under an option and on a type.
type Customs struct {
	// +k8s:optional
	// +k8s:customValidation
	Name string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:customValidation
	Priority *int32 `json:"priority,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:customValidation
	Items []string `json:"items,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled("Strict")=+k8s:customValidation
	Gated string `json:"gated,omitempty"`
	// +k8s:optional
	Typed Label `json:"typed,omitempty"`
}

// Label is validated by its own custom function, wherever it is.
// +k8s:customValidation
type Label string

// The functions report what they were given, so that a call with other
// values, at another place or at another time shows as a disagreement.

func ValidateCustom_Customs_Name(_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value != nil && *value == "UPPER" || op.Type == operation.Update && oldValue != nil && *oldValue == "abc" {
		return field.ErrorList{field.Invalid(fldPath, *value, "custom name").WithOrigin("customName")}
	}
	return nil
}

func ValidateCustom_Customs_Priority(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *int32) field.ErrorList {
	if value == nil {
		return field.ErrorList{field.Required(fldPath, "custom priority")}
	}
	if *value > 100 {
		return field.ErrorList{field.Invalid(fldPath, *value, "custom priority").WithOrigin("customPriority")}
	}
	return nil
}

func ValidateCustom_Customs_Items(_ context.Context, _ operation.Operation, fldPath *field.Path, value, oldValue []string) field.ErrorList {
	var errs field.ErrorList
	for i, v := range value {
		if v == "a" {
			errs = append(errs, field.Invalid(fldPath.Index(i), v, "custom item").WithOrigin("customItem"))
		}
	}
	if len(oldValue) > len(value) {
		errs = append(errs, field.Forbidden(fldPath, "custom: items removed"))
	}
	return errs
}

func ValidateCustom_Customs_Gated(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *string) field.ErrorList {
	if *value == "" || *value == "valid-name" {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, "custom gated").WithOrigin("customGated")}
}

func ValidateCustom_Label(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *Label) field.ErrorList {
	if value != nil && len(*value) > 3 {
		return field.ErrorList{field.TooLong(fldPath, *value, 3).WithOrigin("customLabel")}
	}
	return nil
}
