package runtime

import (
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The size errors of k8s.io/apimachinery's field package (TooLong,
// TooLongCharacters, TooShort, TooMany, TooFew), built without fmt and
// with the path written once: the same Type, BadValue and Detail
// (TestSizeErrorsMatchField), at a fraction of the cost, since an invalid
// object's time goes to building its errors.

// omitted is the bad value apimachinery's TooLong errors write for the
// value they leave out.
const omitted = "<value omitted>"

// appendSize appends "<verb><n><unit>", the unit singular for 1, or
// other for a negative n, as apimachinery words it; verb ends with a
// space and the units start with one.
func appendSize(b []byte, verb string, n int, unit, units, other string) []byte {
	switch {
	case n < 0:
		return append(b, other...)
	case n == 1:
		units = unit
	}
	return append(appendInteger(append(b, verb...), n), units...)
}

// tooLongError is field.TooLong (bytes) or field.TooLongCharacters.
func tooLongError(p *Path, max int, characters bool) *field.Error {
	unit, units := " byte", " bytes"
	if characters {
		unit, units = " character", " characters"
	}
	var d [64]byte
	detail := appendSize(d[:0], "may not be more than ", max, unit, units, "value is too long")
	return errorAt(p, field.ErrorTypeTooLong, omitted, "", detail, "")
}

// tooShortError is field.TooShort.
func tooShortError[T ~string](p *Path, v T, min int) *field.Error {
	var d [64]byte
	detail := appendSize(d[:0], "must be at least ", min, " character", " characters", "value is too short")
	return errorAt(p, field.ErrorTypeTooShort, v, "", detail, "")
}

// tooManyError is field.TooMany.
func tooManyError(p *Path, n, max int) *field.Error {
	var bad any = field.OmitValueType{}
	if n >= 0 {
		bad = n
	}
	var d [64]byte
	detail := appendSize(d[:0], "must have at most ", max, " item", " items", "has too many items")
	return errorAt(p, field.ErrorTypeTooMany, bad, "", detail, "")
}

// tooFewError is field.TooFew.
func tooFewError(p *Path, n, min int) *field.Error {
	var d [64]byte
	detail := appendSize(d[:0], "must have at least ", min, " item", " items", "has too few items")
	return errorAt(p, field.ErrorTypeTooFew, n, "", detail, "")
}

// runeCountOver reports whether s has more than max runes, as
// utf8.RuneCountInString counts them (a byte of broken UTF-8 is one),
// eight ASCII bytes at a time, and stopping once the count is over.
func runeCountOver(s string, max int) bool {
	n, i := 0, 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			break
		}
		if n += 8; n > max {
			return true
		}
	}
	// An ASCII byte is a rune of its own, so the count of what is left
	// starts afresh at i.
	return n+utf8.RuneCountInString(s[i:]) > max
}
