package runtime

import (
	"strings"
	"unsafe"

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
	// field.Forbidden and its siblings, as errorAt builds errors: the
	// path, and the fieldPath after it (it may hold dots, "a.b", which
	// field.Path writes as given), in the error's own bytes.
	w := p.width()
	n := w + len(fieldPath)
	if w > 0 && fieldPath != "" {
		n++ // "."
	}
	e, b := newError(n)
	e.Field = "<nil>"
	if n > 0 {
		p.fill(b[:w])
		if w > 0 && fieldPath != "" {
			b[w] = '.'
			w++
		}
		copy(b[w:], fieldPath)
		e.Field = unsafe.String(&b[0], n)
	}
	switch reason {
	case "FieldValueForbidden":
		e.Type, e.BadValue, e.Detail = field.ErrorTypeForbidden, "", detail
	case "FieldValueRequired":
		e.Type, e.BadValue, e.Detail = field.ErrorTypeRequired, "", detail
	case "FieldValueDuplicate":
		e.Type, e.BadValue = field.ErrorTypeDuplicate, value
	default:
		e.Type, e.BadValue, e.Detail = field.ErrorTypeInvalid, value, detail
	}
	return e
}

// CELEvalError is the error of a rule whose evaluation failed (err, such
// as "no such key: name"), at the rule's value, whose schema type is the
// error's value; rule is the rule's message, else the rule.
func CELEvalError(p *Path, schemaType, err, rule string) *field.Error {
	var buf [256]byte
	detail := append(append(append(buf[:0], err...), " evaluating rule: "...), rule...)
	return errorAt(p, field.ErrorTypeInvalid, schemaType, "", detail, "")
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
