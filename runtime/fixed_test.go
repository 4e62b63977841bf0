package runtime

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestFixedFailure pins the error of +k8s:validateFalse to Kubernetes'
// validate.FixedResult: Invalid, origin validateFalse, the detail its
// test registry reads the message back from, the value as given.
func TestFixedFailure(t *testing.T) {
	s := "x"
	checkError(t, FixedFailure(lazyPath("f"), &s, "field F"), want{field.ErrorTypeInvalid, "spec.f", &s, "forced failure: field F", "validateFalse", false})
	checkError(t, FixedFailure(nil, nil, ""), want{field.ErrorTypeInvalid, "<nil>", nil, "forced failure: ", "validateFalse", false})
	checkError(t, ShortCircuit(FixedFailure(lazyPath("f"), 1, "stop")), want{field.ErrorTypeInvalid, "spec.f", 1, "forced failure: stop", "validateFalse", true})
}
