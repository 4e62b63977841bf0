package runtime

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
)

// The errors below are those the API server reports for a CRD's schema
// keywords (k8s.io/apiextensions-apiserver's conversion of kube-openapi's
// results): generated validators of packages written for controller-gen
// report them, so that a webhook and the server say the same. Their
// details follow kube-openapi's messages: "<path> in body should be ...".

// SchemaRequired is the error of a property in the schema's required list
// that the object's JSON leaves out.
func SchemaRequired(p *Path) *field.Error { return at(field.Required(nil, ""), p) }

// SchemaEnum is the error of a value the schema's enum does not list.
func SchemaEnum(p *Path, v any, values []string) *field.Error {
	return at(field.NotSupported(nil, v, values), p)
}

// SchemaTooLong is the error of maxLength.
func SchemaTooLong(p *Path, max int) *field.Error { return tooLongError(p, max, false) }

// SchemaTooMany is the error of maxItems and maxProperties.
func SchemaTooMany(p *Path, n, max int) *field.Error { return tooManyError(p, n, max) }

// SchemaInvalid is the error of the other keywords: minimum, maximum,
// multipleOf, minLength, pattern, minItems, minProperties. detail is what
// the value should be ("should be greater than or equal to 1").
func SchemaInvalid(p *Path, v any, detail string) *field.Error {
	return at(field.Invalid(nil, v, p.String()+" in body "+detail), p)
}

// SchemaAllOf is the error the server adds when a value fails a schema of
// an allOf (kube-openapi's composite error): at the root, naming the
// value in its detail; none says that the value failed every schema.
func SchemaAllOf(p *Path, none bool) *field.Error {
	suffix := ""
	if none {
		suffix = ". None validated"
	}
	return field.Invalid(nil, "", strconv.Quote(p.String())+" must validate all the schemas (allOf)"+suffix)
}

// Bound is the detail of a failed minimum or maximum.
func Bound(min bool, exclusive bool, limit float64) string {
	n := strconv.FormatFloat(limit, 'f', -1, 64)
	switch {
	case min && exclusive:
		return "should be greater than " + n
	case min:
		return "should be greater than or equal to " + n
	case exclusive:
		return "should be less than " + n
	}
	return "should be less than or equal to " + n
}

// MultipleOf is the detail of a failed multipleOf.
func MultipleOf(factor float64) string {
	return "should be a multiple of " + strconv.FormatFloat(factor, 'f', -1, 64)
}

// MinLengthDetail, MinItemsDetail and MinPropertiesDetail are the details
// of the minimum counts; PatternDetail that of a failed pattern.
func MinLengthDetail(n int) string     { return fmt.Sprintf("should be at least %d chars long", n) }
func MinItemsDetail(n int) string      { return fmt.Sprintf("should have at least %d items", n) }
func MinPropertiesDetail(n int) string { return fmt.Sprintf("should have at least %d properties", n) }
func PatternDetail(pattern string) string {
	return "should match '" + pattern + "'"
}

// CELBlocked is the error the API server reports instead of evaluating a
// CRD's CEL rules when its schema found an error of a type that makes
// them unsafe to run (NotSupported, Required, TooLong, TooMany,
// TypeInvalid); nil when there is none.
func CELBlocked(errs field.ErrorList) *field.Error {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return field.Invalid(nil, nil, "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	return nil
}

// JSONText is the JSON of v, for the values of an enum that are not
// strings, as the server lists them.
func JSONText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Unchanged reports whether, on an update, a value's JSON equals its old
// value's (nil: no old value), in which case the API server does not
// report its errors again (CRD validation ratcheting).
func Unchanged[T any](v, old *T) bool { return old != nil && JSONEqual(v, old) }

// UnchangedScalar is Unchanged for a string, number or bool, whose JSON
// is equal when its value is (-0 and 0 alike, as the server reads them).
func UnchangedScalar[T comparable](v, old *T) bool { return old != nil && *v == *old }

// OldElem is the old value a pointer points to, nil when there is none.
func OldElem[T any](old **T) *T {
	if old == nil {
		return nil
	}
	return *old
}

// OldMapValue is the old map's value for key k (nil: none).
func OldMapValue[M ~map[K]V, K comparable, V any](old *M, k K) *V {
	if old == nil {
		return nil
	}
	if v, ok := (*old)[k]; ok {
		return &v
	}
	return nil
}

// UpdateErrors are the errors of an update as the API server finds them:
// those of the ratcheted validation (ratcheted: the new object checked
// against the old) but two kinds the server checks without ratcheting,
// taken from the new object checked alone (all): the errors of embedded
// objects, and the duplicates of list-sets and list-maps, those only when
// the old object (oldAll) has none.
func UpdateErrors(ratcheted, all, oldAll field.ErrorList) field.ErrorList {
	var out field.ErrorList
	for _, e := range ratcheted {
		if e.Type != field.ErrorTypeDuplicate && e.Origin != EmbeddedOrigin {
			out = append(out, e)
		}
	}
	oldDuplicates := false
	for _, e := range oldAll {
		oldDuplicates = oldDuplicates || e.Type == field.ErrorTypeDuplicate
	}
	for _, e := range all {
		if e.Origin == EmbeddedOrigin || (e.Type == field.ErrorTypeDuplicate && !oldDuplicates) {
			out = append(out, e)
		}
	}
	return out
}

// SchemaFormat is the error of a string that is not of the format its
// schema names, as the server reports it (kube-openapi's format registry,
// which the server uses): TypeInvalid. It is nil for a valid string.
func SchemaFormat(p *Path, v, format string) *field.Error {
	if validFormat(format, v) || strfmt.Default.Validates(format, v) {
		return nil
	}
	return at(field.TypeInvalid(nil, v, fmt.Sprintf("%s in body must be of type %s: %q", p.String(), format, v)), p)
}

// SchemaNull is the error of a null where the schema wants a value of type
// typ (a nil item of a list of pointers).
func SchemaNull(p *Path, typ string) *field.Error {
	return at(field.TypeInvalid(nil, nil, fmt.Sprintf("%s in body must be of type %s: \"null\"", p.String(), typ)), p)
}

// SchemaOutOfRange is the error the server's OpenAPI validator gives a
// number of an integer or number schema whose format (int32, float) cannot
// hold it ("Checked value"), or whose bound cannot ("Maximum boundary",
// "Minimum boundary", "MultipleOf": frr-k8s writes maximum 4294967295 on
// an int32, so every value is an error): a plain error of the validator,
// which the API server reports at no field, with an empty value.
func SchemaOutOfRange(p *Path, prefix, typ, format string) *field.Error {
	return field.Invalid(nil, "", prefix+" value must be of type "+typ+" with format "+format+" in "+p.String())
}

// validFormat reports, without allocating, that v is of a format whose
// kube-openapi check (strfmt.Default, the API server's) allocates even on
// a valid value: it accepts only values that check accepts, in a common
// form; false means only that the check must run. TestValidFormat holds it
// to strfmt on valid and invalid values.
func validFormat(format, v string) bool {
	switch format {
	case "date-time", "datetime":
		return simpleDateTime(v)
	case "email":
		return simpleEmail(v)
	case "hostname":
		// strfmt.IsHostname without strings.Split: its pattern, at most
		// 255 bytes, labels of at most 63.
		if len(v) > 255 || !rxHostname.MatchString(v) {
			return false
		}
		for len(v) > 0 {
			label, rest, _ := strings.Cut(v, ".")
			if len(label) > 63 {
				return false
			}
			v = rest
		}
		return true
	case "ipv4":
		return dottedQuad(v)
	case "cidr":
		ip, bits, ok := strings.Cut(v, "/")
		if !ok || !dottedQuad(ip) || len(bits) == 0 || len(bits) > 2 {
			return false
		}
		n := 0
		for i := 0; i < len(bits); i++ {
			if bits[i] < '0' || bits[i] > '9' {
				return false
			}
			n = n*10 + int(bits[i]-'0')
		}
		return n <= 32
	}
	return false
}

var rxHostname = regexp.MustCompile(strfmt.HostnamePattern)

// dottedQuad: four decimal numbers of 1 to 3 digits, at most 255, joined
// by dots, which netutils.ParseIPSloppy reads as an IPv4 address
// (strfmt's ipv4 and, before a /, cidr).
func dottedQuad(v string) bool {
	for part := 0; part < 4; part++ {
		if part > 0 {
			if len(v) == 0 || v[0] != '.' {
				return false
			}
			v = v[1:]
		}
		n, i := 0, 0
		for ; i < len(v) && i < 3 && v[i] >= '0' && v[i] <= '9'; i++ {
			n = n*10 + int(v[i]-'0')
		}
		if i == 0 || n > 255 {
			return false
		}
		v = v[i:]
	}
	return len(v) == 0
}

// simpleDateTime: YYYY-MM-DD, T or t, hh:mm:ss, an optional fraction
// (.digits), Z, z or ±hh:mm, with a date time.Parse takes and hh <= 23,
// mm <= 59, ss <= 59: the values strfmt.IsDateTime accepts without a
// second t or a non-ASCII byte (it lowercases the value, splits it at
// each t, and matches the part after the first against its pattern).
func simpleDateTime(v string) bool {
	if len(v) < 20 || (v[10] != 'T' && v[10] != 't') {
		return false
	}
	for i := 0; i < 10; i++ {
		if (i == 4 || i == 7) != (v[i] == '-') || (v[i] != '-' && (v[i] < '0' || v[i] > '9')) {
			return false
		}
	}
	if _, err := time.Parse(time.DateOnly, v[:10]); err != nil {
		return false
	}
	clock := v[11:]
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return len(s) > 0
	}
	if len(clock) < 9 || clock[2] != ':' || clock[5] != ':' || !digits(clock[0:2]) || !digits(clock[3:5]) || !digits(clock[6:8]) ||
		clock[0:2] > "23" || clock[3:5] > "59" || clock[6:8] > "59" {
		return false
	}
	zone := clock[8:]
	if zone[0] == '.' {
		i := 1
		for i < len(zone) && zone[i] >= '0' && zone[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		zone = zone[i:]
	}
	switch {
	case zone == "Z" || zone == "z":
		return true
	case len(zone) == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':' && digits(zone[1:3]) && digits(zone[4:6]):
		return true
	}
	return false
}

// simpleEmail: a dot-atom, @, a dot-atom, in ASCII (atoms of RFC 5322
// atext, no leading, trailing or double dot), which net/mail.ParseAddress
// (strfmt's email) reads as the whole address.
func simpleEmail(v string) bool {
	local, domain, ok := strings.Cut(v, "@")
	return ok && dotAtom(local) && dotAtom(domain)
}

func dotAtom(s string) bool {
	if len(s) == 0 || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			continue
		}
		if c < 0x21 || c > 0x7e || strings.IndexByte(`()<>[]:;@\,"`, c) >= 0 {
			return false
		}
	}
	return true
}
