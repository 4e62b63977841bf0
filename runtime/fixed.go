package runtime

import "k8s.io/apimachinery/pkg/util/validation/field"

// FixedFailure is the error of +k8s:validateFalse, a test tag of
// Kubernetes' generator: its detail is "forced failure: " and the tag's
// message, which Kubernetes' test registry reads back, and its origin
// validateFalse. v is the value, as a pointer where it is not nilable.
func FixedFailure(p *Path, v any, msg string) *field.Error {
	var d [128]byte
	detail := append(append(d[:0], "forced failure: "...), msg...)
	return errorAt(p, field.ErrorTypeInvalid, v, "", detail, "validateFalse")
}
