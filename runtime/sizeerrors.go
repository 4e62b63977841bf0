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
	return sizeError(p, field.ErrorTypeTooShort, v, &tooShortMessage, min)
}

// tooManyError is field.TooMany.
func tooManyError(p *Path, n, max int) *field.Error {
	var bad any = field.OmitValueType{}
	if n >= 0 {
		bad = n
	}
	return sizeError(p, field.ErrorTypeTooMany, bad, &tooManyMessage, max)
}

// tooFewError is field.TooFew.
func tooFewError(p *Path, n, min int) *field.Error {
	return sizeError(p, field.ErrorTypeTooFew, n, &tooFewMessage, min)
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
