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

// The size errors' details.
var (
	tooLongBytes      = message{prefix: "may not be more than ", unit: " byte", units: " bytes", other: "value is too long"}
	tooLongCharacters = message{prefix: "may not be more than ", unit: " character", units: " characters", other: "value is too long"}
	tooShortMessage   = message{prefix: "must be at least ", unit: " character", units: " characters", other: "value is too short"}
	tooManyMessage    = message{prefix: "must have at most ", unit: " item", units: " items", other: "has too many items"}
	tooFewMessage     = message{prefix: "must have at least ", unit: " item", units: " items", other: "has too few items"}
)

// sizeError is an error of type t at p with m's detail for the limit n.
func sizeError(p *Path, t field.ErrorType, bad any, m *message, n int) *field.Error {
	var b [64]byte
	d, built := detailOf(m, n, b[:0])
	return errorAt(p, t, bad, d, built, "")
}

// tooLongError is field.TooLong (bytes) or field.TooLongCharacters.
func tooLongError(p *Path, max int, characters bool) *field.Error {
	m := &tooLongBytes
	if characters {
		m = &tooLongCharacters
	}
	return sizeError(p, field.ErrorTypeTooLong, omitted, m, max)
}

// tooShortError is field.TooShort.
func tooShortError[T ~string](p *Path, v T, min int) *field.Error {
	e := sizeError(p, field.ErrorTypeTooShort, nil, &tooShortMessage, min)
	badString(e, v)
	return e
}

// tooManyError is field.TooMany.
func tooManyError(p *Path, n, max int) *field.Error {
	e := sizeError(p, field.ErrorTypeTooMany, field.OmitValueType{}, &tooManyMessage, max)
	if n >= 0 {
		badInteger(e, n)
	}
	return e
}

// tooFewError is field.TooFew.
func tooFewError(p *Path, n, min int) *field.Error {
	e := sizeError(p, field.ErrorTypeTooFew, nil, &tooFewMessage, min)
	badInteger(e, n)
	return e
}

// runeCountOver reports whether s has more than max runes, as
// utf8.RuneCountInString counts them (a byte of broken UTF-8 is one),
// counting ASCII 32 bytes at a time, then 8, and stopping once the count
// is over.
func runeCountOver(s string, max int) bool {
	const high = 0x8080808080808080
	n, i := 0, 0
	// 32 bytes at a time while they are ASCII, then 8.
	for ; i+32 <= len(s); i += 32 {
		if (load64(s[i:])|load64(s[i+8:])|load64(s[i+16:])|load64(s[i+24:]))&high != 0 {
			break
		}
		if n += 32; n > max {
			return true
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if load64(s[i:])&high != 0 {
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
