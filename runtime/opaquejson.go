package runtime

import (
	"fmt"
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The JSON text of the apimachinery types that write their own JSON as a
// string: the string the API server checks a CRD's pattern, lengths and
// enum on (Flux writes +kubebuilder:validation:Pattern on its Durations).

// DurationJSON is a metav1.Duration's JSON string: time.Duration's String.
func DurationJSON(d *metav1.Duration) string { return d.Duration.String() }

// TimeJSON is a non-zero metav1.Time's JSON string (a zero one is null):
// RFC 3339 in UTC, to the second.
func TimeJSON(t *metav1.Time) string { return t.UTC().Format(time.RFC3339) }

// MicroTimeJSON is a non-zero metav1.MicroTime's JSON string: RFC 3339 in
// UTC, to the microsecond.
func MicroTimeJSON(t *metav1.MicroTime) string { return t.UTC().Format(metav1.RFC3339Micro) }

// QuantityJSON is a resource.Quantity's JSON string, its canonical form.
func QuantityJSON(q *resource.Quantity) string { return q.String() }

// RawJSONType is the error of raw JSON (an apiextensions JSON, a
// json.RawMessage, a RawExtension's Raw) whose value is not of the type
// its schema names, as the server reports it (TypeInvalid, naming the
// value's type); nil when it is, and for null or no JSON at all, which the
// server drops from a field that is not nullable. The server decodes a
// number int64 parses as an integer, any other as a number.
func RawJSONType(p *Path, raw []byte, typ string) *field.Error {
	got := jsonType(raw)
	if got == "" || got == "null" || got == typ || typ == "number" && got == "integer" {
		return nil
	}
	return at(field.TypeInvalid(nil, got, fmt.Sprintf("%s in body must be of type %s: %q", p.String(), typ, got)), p)
}

// jsonType is the type of a JSON text's value, by its first byte (and a
// number's form): "" when there is none or it is not JSON.
func jsonType(raw []byte) string {
	i := 0
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
		i++
	}
	if i == len(raw) {
		return ""
	}
	switch c := raw[i]; {
	case c == '{':
		return "object"
	case c == '[':
		return "array"
	case c == '"':
		return "string"
	case c == 't' || c == 'f':
		return "boolean"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		// As the server's decoder: an integer is what int64 parses
		// (2.0 and 1e3 are numbers).
		end := i
		for end < len(raw) && raw[end] != ' ' && raw[end] != '\t' && raw[end] != '\n' && raw[end] != '\r' {
			end++
		}
		if _, err := strconv.ParseInt(string(raw[i:end]), 10, 64); err == nil {
			return "integer"
		}
		return "number"
	}
	return ""
}
