package v1

import (
	"context"
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
		allErrs = append(allErrs, requiredMaxLength(fldPath.Child("cronSpec"), spec.CronSpec, 64)...)
	}
	if !(update && spec.Image == old.Image) {
		allErrs = append(allErrs, requiredMaxLength(fldPath.Child("image"), spec.Image, 256)...)
	}
	var oldReplicas *int32
	if old != nil {
		oldReplicas = old.Replicas
	}
	if !(update && int32PtrEqual(spec.Replicas, oldReplicas)) && spec.Replicas != nil && *spec.Replicas < 1 {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("replicas"), *spec.Replicas,
			"must be greater than or equal to 1").WithOrigin("minimum"))
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
	return a.CronSpec == b.CronSpec && a.Image == b.Image && int32PtrEqual(a.Replicas, b.Replicas)
}

func int32PtrEqual(a, b *int32) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
