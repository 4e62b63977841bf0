package runtime

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// What CEL rules compiled to Go (golang/celgo) call. Each builds the
// error apiextensions' CEL validator builds for the same outcome.

// maxCELMessageBytes is celconfig.MaxEvaluatedMessageExpressionSizeBytes
// (k8s.io/apiserver/pkg/apis/cel), which this package does not import:
// it brings in the CEL libraries.
const maxCELMessageBytes = 5 * 1024

// CELFailed is the error of a rule that evaluated to false, at p or at
// its fieldPath below p (normalized, "" for none): the reason's error
// (FieldValueInvalid, FieldValueForbidden, FieldValueRequired,
// FieldValueDuplicate) with the value (field.OmitValueType{} for an
// object or a list) and detail.
func CELFailed(p *Path, fieldPath string, value any, detail, reason string) *field.Error {
	// field.Forbidden and its siblings, on the path's string built once.
	f := p.childString(fieldPath)
	switch reason {
	case "FieldValueForbidden":
		return &field.Error{Type: field.ErrorTypeForbidden, Field: f, BadValue: "", Detail: detail}
	case "FieldValueRequired":
		return &field.Error{Type: field.ErrorTypeRequired, Field: f, BadValue: "", Detail: detail}
	case "FieldValueDuplicate":
		return &field.Error{Type: field.ErrorTypeDuplicate, Field: f, BadValue: value}
	}
	return &field.Error{Type: field.ErrorTypeInvalid, Field: f, BadValue: value, Detail: detail}
}

// CELEvalError is the error of a rule whose evaluation failed (err, such
// as "no such key: name"), at the rule's value, whose schema type is the
// error's value; rule is the rule's message, else the rule.
func CELEvalError(p *Path, schemaType, err, rule string) *field.Error {
	return &field.Error{Type: field.ErrorTypeInvalid, Field: p.String(), BadValue: schemaType, Detail: err + " evaluating rule: " + rule}
}

// CELMessage is a messageExpression's result as the server uses it:
// trimmed, and not used (ok false) when empty, over 5 KiB or on more than
// one line.
func CELMessage(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > maxCELMessageBytes || strings.Contains(t, "\n") {
		return "", false
	}
	return t, true
}
