package v1

import (
	"context"
	"slices"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCronTab is the handwritten twin of the generated Validate_CronTab:
// the same rules, with the same error Type, Field and Origin. oldObj is nil
// on create; on an update, unchanged fields are not validated again.
func ValidateCronTab(ctx context.Context, op operation.Operation, obj, oldObj *CronTab) field.ErrorList {
	allErrs := field.ErrorList{}
	var oldSpec *CronTabSpec
	if oldObj != nil {
		oldSpec = &oldObj.Spec
	}
	if !(op.Type == operation.Update && oldSpec != nil && specEqual(&obj.Spec, oldSpec)) {
		allErrs = append(allErrs, ValidateCronTabSpec(op, &obj.Spec, oldSpec, field.NewPath("spec"))...)
	}
	return allErrs
}

// ValidateCronTabSpec validates a CronTabSpec at fldPath; old is nil when
// there is no old value to ratchet against.
func ValidateCronTabSpec(op operation.Operation, spec, old *CronTabSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil

	if !(update && spec.CronSpec == old.CronSpec) {
		if spec.CronSpec != "" && utf8.RuneCountInString(spec.CronSpec) < 9 {
			allErrs = append(allErrs, field.TooShort(fldPath.Child("cronSpec"), spec.CronSpec, 9).WithOrigin("minLength"))
		}
		allErrs = append(allErrs, requiredMaxLength(fldPath.Child("cronSpec"), spec.CronSpec, 64)...)
	}
	if !(update && spec.Image == old.Image) {
		allErrs = append(allErrs, requiredMaxLength(fldPath.Child("image"), spec.Image, 256)...)
	}
	var oldReplicas *int32
	if old != nil {
		oldReplicas = old.Replicas
	}
	if !(update && int32PtrEqual(spec.Replicas, oldReplicas)) && spec.Replicas != nil {
		if *spec.Replicas < 1 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("replicas"), *spec.Replicas,
				"must be greater than or equal to 1").WithOrigin("minimum"))
		}
		if *spec.Replicas > 10 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("replicas"), *spec.Replicas,
				"must be less than or equal to 10").WithOrigin("maximum"))
		}
	}
	var oldArgs []string
	if old != nil {
		oldArgs = old.Args
	}
	if !(update && slices.Equal(spec.Args, oldArgs)) && len(spec.Args) > 0 {
		// An atomic list: its items have no old values of their own.
		switch {
		case len(spec.Args) > 8:
			allErrs = append(allErrs, field.TooMany(fldPath.Child("args"), len(spec.Args), 8).WithOrigin("maxItems"))
		default:
			for i, a := range spec.Args {
				if a == "" {
					allErrs = append(allErrs, field.TooShort(fldPath.Child("args").Index(i), a, 1).WithOrigin("minLength"))
				}
			}
		}
	}
	return allErrs
}

func requiredMaxLength(fldPath *field.Path, v string, max int) field.ErrorList {
	if v == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	if utf8.RuneCountInString(v) > max {
		return field.ErrorList{field.TooLongCharacters(fldPath, v, max).WithOrigin("maxLength")}
	}
	return nil
}

func specEqual(a, b *CronTabSpec) bool {
	return a.CronSpec == b.CronSpec && a.Image == b.Image && int32PtrEqual(a.Replicas, b.Replicas) && slices.Equal(a.Args, b.Args)
}

func int32PtrEqual(a, b *int32) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
