package runtime

import (
	"fmt"
	"reflect"
	"strconv"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The constructors below build the errors of the tag contract. Generated
// code calls them only after a check failed. They take the lazy *Path and
// write its string straight into the error (field.Error keeps its path as
// a string), in the error's own allocation with a detail built for it
// (newerror.go), where materialising the *field.Path chain and building
// the error the field package's way costs several.

// Required is the error of +k8s:required on an unset value. Like
// Kubernetes, it is marked as short-circuiting: the field's other checks
// did not run.
func Required(p *Path) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeRequired, "", "", nil, ""))
}

// Forbidden is the error of +k8s:forbidden on a set value.
func Forbidden(p *Path) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeForbidden, "", "", nil, ""))
}

func shortCircuit(e *field.Error) *field.Error {
	e.ShortCircuit = true
	return e
}

// ShortCircuit marks an error as one that stopped the field's other
// checks, as Kubernetes marks errors of short-circuiting tags.
func ShortCircuit(e *field.Error) *field.Error { return shortCircuit(e) }

// Minimum is the error of +k8s:minimum.
func Minimum[T Integer](p *Path, v, min T) *field.Error {
	var b [64]byte
	d, built := detailOf(&minimumMessage, min, b[:0])
	return errorAtInteger(p, field.ErrorTypeInvalid, v, d, built, "minimum")
}

var (
	minimumMessage = message{prefix: "must be greater than or equal to "}
	maximumMessage = message{prefix: "must be less than or equal to "}
)

// Maximum is the error of +k8s:maximum.
func Maximum[T Integer](p *Path, v, max T) *field.Error {
	var b [64]byte
	d, built := detailOf(&maximumMessage, max, b[:0])
	return errorAtInteger(p, field.ErrorTypeInvalid, v, d, built, "maximum")
}

// MinLength is the error of +k8s:minLength; the limit counts characters.
func MinLength[T ~string](p *Path, v T, min int) *field.Error {
	return tooShortError(p, v, min).WithOrigin("minLength")
}

// TooShort reports whether s has fewer than min characters (runes),
// without counting runes when the byte length already decides.
func TooShort(s string, min int) bool {
	if len(s) < min {
		return true
	}
	if (len(s)+3)/4 >= min {
		return false
	}
	return utf8.RuneCountInString(s) < min
}

// MinItems is the error of +k8s:minItems.
func MinItems(p *Path, n, min int) *field.Error {
	return tooFewError(p, n, min).WithOrigin("minItems")
}

// MinProperties is the error of +k8s:minProperties.
func MinProperties(p *Path, n, min int) *field.Error {
	return tooFewError(p, n, min).WithOrigin("minProperties")
}

// MaxProperties is the error of +k8s:maxProperties.
func MaxProperties(p *Path, n, max int) *field.Error {
	return shortCircuit(tooManyError(p, n, max).WithOrigin("maxProperties"))
}

// MaxLength is the error of +k8s:maxLength; the limit counts characters.
func MaxLength[T ~string](p *Path, v T, max int) *field.Error {
	return tooLongError(p, max, true).WithOrigin("maxLength")
}

// TooLong reports whether s has more than max characters (runes), without
// counting runes when the byte length already decides.
func TooLong(s string, max int) bool {
	if len(s) <= max {
		return false
	}
	if (len(s)+3)/4 > max {
		return true
	}
	return runeCountOver(s, max)
}

// MaxBytes is the error of +k8s:maxBytes; the limit counts bytes.
func MaxBytes[T ~string](p *Path, v T, max int) *field.Error {
	return tooLongError(p, max, false).WithOrigin("maxBytes")
}

// MaxItems is the error of +k8s:maxItems.
func MaxItems(p *Path, n, max int) *field.Error {
	return shortCircuit(tooManyError(p, n, max).WithOrigin("maxItems"))
}

// NEQString is the error of +k8s:neq on a string.
func NEQString[T ~string](p *Path, v T, disallowed string) *field.Error {
	var d [64]byte
	detail := strconv.AppendQuote(append(d[:0], "must not be equal to "...), disallowed)
	return errorAtString(p, field.ErrorTypeInvalid, v, "", detail, "neq")
}

// NEQ is the error of +k8s:neq on an integer or a bool.
func NEQ[T Integer | ~bool](p *Path, v, disallowed T) *field.Error {
	var bad, shown any = v, v // v is disallowed when the check fails
	if v != disallowed {
		shown = disallowed
	}
	var d [64]byte
	detail := appendValue(append(d[:0], "must not be equal to "...), shown)
	return errorAt(p, field.ErrorTypeInvalid, bad, "", detail, "neq")
}

// appendValue appends x as %v prints it, without fmt for the bools and
// integers generated code passes.
func appendValue(b []byte, x any) []byte {
	switch x.(type) {
	case fmt.Formatter, error, fmt.Stringer:
		return fmt.Appendf(b, "%v", x)
	}
	switch v := reflect.ValueOf(x); v.Kind() {
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(b, v.Uint(), 10)
	}
	return fmt.Appendf(b, "%v", x)
}

// appendSupported appends field.NotSupported's detail for values.
func appendSupported[T ~string](b []byte, values []T) []byte {
	if len(values) == 0 {
		return b
	}
	if hasFormatMethods[T]() {
		// fmt.Sprint calls them: field.NotSupported's own way.
		return append(b, field.NotSupported(nil, "", values).Detail...)
	}
	b = append(b, "supported values: "...)
	for i, v := range values {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, string(v))
	}
	return b
}

// hasFormatMethods reports whether fmt prints a T otherwise than its
// value: through a Format, Error or String method.
func hasFormatMethods[T any]() bool {
	switch any(*new(T)).(type) {
	case fmt.Formatter, error, fmt.Stringer:
		return true
	}
	return false
}

// NotSupported is the error of +k8s:enum; supported is sorted.
func NotSupported[T ~string](p *Path, v T, supported []T) *field.Error {
	var d [128]byte
	return errorAtString(p, field.ErrorTypeNotSupported, v, "", appendSupported(d[:0], supported), "")
}

// UndefinedOption is reported when a tag reads an option the caller did
// not define in op.Options: a programming error of the caller.
func UndefinedOption(p *Path, option string) *field.Error {
	return at(field.InternalError(nil, fmt.Errorf("undefined validation option %q", option)), p)
}

// Integer is every Go integer type.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// DependentRequired is the error of +k8s:dependentRequired: the struct at
// p has its trigger field set and not the dependent one, reported at the
// dependent field.
func DependentRequired(p *Path, dependent, trigger string) *field.Error {
	c := p.Child(dependent)
	var d [64]byte
	detail := append(append(append(d[:0], "must be set when "...), trigger...), " is set"...)
	return errorAt(&c, field.ErrorTypeRequired, "", "", detail, "dependentRequired")
}

// DependentForbidden is the error of +k8s:dependentForbidden: the struct
// at p has both its trigger and its dependent field set, reported at the
// dependent field.
func DependentForbidden(p *Path, dependent, trigger string) *field.Error {
	c := p.Child(dependent)
	var d [64]byte
	detail := append(append(append(d[:0], "may not be set when "...), trigger...), " is set"...)
	return errorAt(&c, field.ErrorTypeForbidden, "", "", detail, "dependentForbidden")
}

// EnumExclusion leaves Value out of an enum while the option Option is
// enabled (ExcludeWhen) or disabled (!ExcludeWhen): +k8s:enumExclude under
// +k8s:ifEnabled or +k8s:ifDisabled.
type EnumExclusion[T ~string] struct {
	Value       T
	ExcludeWhen bool
	Option      string
}

// EnumExcluding is +k8s:enum for a type with conditional exclusions: v
// must be one of values and not excluded under options. As in
// Kubernetes, the exclusions are read in order, and an option none of
// them could decide before it is undefined is an InternalError.
func EnumExcluding[T ~string](p *Path, v T, options map[string]bool, values []T, exclusions []EnumExclusion[T]) field.ErrorList {
	excluded, undefined := enumExcluded(options, exclusions, v)
	if undefined != "" {
		return field.ErrorList{UndefinedOption(p, undefined)}
	}
	if !excluded {
		for _, x := range values {
			if x == v {
				return nil
			}
		}
	}
	supported := make([]T, 0, len(values))
	for _, x := range values {
		ex, undefined := enumExcluded(options, exclusions, x)
		if undefined != "" {
			return field.ErrorList{UndefinedOption(p, undefined)}
		}
		if !ex {
			supported = append(supported, x)
		}
	}
	return field.ErrorList{NotSupported(p, v, supported)}
}

func enumExcluded[T ~string](options map[string]bool, exclusions []EnumExclusion[T], v T) (excluded bool, undefined string) {
	for _, x := range exclusions {
		on, defined := options[x.Option]
		if !defined {
			return false, x.Option
		}
		if x.Value == v && x.ExcludeWhen == on {
			return true, ""
		}
	}
	return false, ""
}

// InMode unmarks an error reported by a check of +k8s:ifMode: Kubernetes
// runs a mode's checks inside validate.Discriminated, where its generator
// marks no error as short-circuiting, not even required's.
func InMode(e *field.Error) *field.Error {
	e.ShortCircuit = false
	return e
}
