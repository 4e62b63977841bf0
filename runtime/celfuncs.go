package runtime

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// CEL's functions, for rules compiled to Go (golang/celgo): each gives
// what cel-go (v0.29, the library the API server evaluates rules with)
// gives for the same arguments, its error as the message cel-go's error
// has ("" for none). They allocate only where cel-go's result is a new
// string. runtime/celrules' tests compare them with cel-go's.

const (
	celOverflow = "integer overflow"
	// minInt64 is math.MinInt64, spelt out to keep math out of the
	// generated code's imports.
	minInt64 = -1 << 63
	maxInt64 = 1<<63 - 1
)

// CELAdd is a + b, or integer overflow.
func CELAdd(a, b int64) (int64, string) {
	if (b > 0 && a > maxInt64-b) || (b < 0 && a < minInt64-b) {
		return 0, celOverflow
	}
	return a + b, ""
}

// CELSub is a - b, or integer overflow.
func CELSub(a, b int64) (int64, string) {
	if (b < 0 && a > maxInt64+b) || (b > 0 && a < minInt64+b) {
		return 0, celOverflow
	}
	return a - b, ""
}

// CELMul is a * b, or integer overflow.
func CELMul(a, b int64) (int64, string) {
	if (a == -1 && b == minInt64) || (b == -1 && a == minInt64) {
		return 0, celOverflow
	}
	if a == 0 || b == 0 {
		return 0, ""
	}
	p := a * b
	if p/b != a {
		return 0, celOverflow
	}
	return p, ""
}

// CELDiv is a / b, or division by zero, or integer overflow.
func CELDiv(a, b int64) (int64, string) {
	if b == 0 {
		return 0, "division by zero"
	}
	if a == minInt64 && b == -1 {
		return 0, celOverflow
	}
	return a / b, ""
}

// CELMod is a % b, or modulus by zero, or integer overflow.
func CELMod(a, b int64) (int64, string) {
	if b == 0 {
		return 0, "modulus by zero"
	}
	if a == minInt64 && b == -1 {
		return 0, celOverflow
	}
	return a % b, ""
}

// CELNeg is -a, or integer overflow.
func CELNeg(a int64) (int64, string) {
	if a == minInt64 {
		return 0, celOverflow
	}
	return -a, ""
}

// CELIndex is the error of list[i] on a list of n items: "" when i is an
// index of it.
func CELIndex(n int, i int64) string {
	if i < 0 || i >= int64(n) {
		return "index out of bounds: " + strconv.FormatInt(i, 10)
	}
	return ""
}

// runeAt decodes the rune of s at byte b as Go's []rune(s) reads it (an
// invalid byte is one utf8.RuneError).
func runeAt(s string, b int) (rune, int) {
	return utf8.DecodeRuneInString(s[b:])
}

// matchAt reports whether sub's runes are s's from byte b on.
func matchAt(s string, b int, sub string) bool {
	for j := 0; j < len(sub); {
		if b >= len(s) {
			return false
		}
		r, n := runeAt(s, b)
		q, m := runeAt(sub, j)
		if r != q {
			return false
		}
		b, j = b+n, j+m
	}
	return true
}

// runeSearch is what indexOf and lastIndexOf from an offset share, as
// cel-go's: the error of a negative offset, and the answer for an empty
// sub or an offset past the end (done); else the rune counts of s and sub.
func runeSearch(s, sub string, offset int64) (n, m, res int64, err string, done bool) {
	if offset < 0 {
		return 0, 0, -1, "index out of range: " + strconv.FormatInt(offset, 10), true
	}
	n = int64(utf8.RuneCountInString(s))
	if sub == "" {
		return n, 0, min(offset, n), "", true
	}
	if offset >= n {
		return n, 0, -1, "", true
	}
	return n, int64(utf8.RuneCountInString(sub)), 0, "", false
}

// CELIndexOf is s.indexOf(sub, offset) (offset 0 for s.indexOf(sub)):
// the index in runes of sub's first occurrence at or after offset, -1
// for none, or index out of range.
func CELIndexOf(s, sub string, offset int64) (int64, string) {
	n, m, res, err, done := runeSearch(s, sub, offset)
	if done {
		return res, err
	}
	b := 0
	for i := int64(0); i < offset; i++ {
		_, w := runeAt(s, b)
		b += w
	}
	for i := offset; i < n-(m-1); i++ {
		if matchAt(s, b, sub) {
			return i, ""
		}
		_, w := runeAt(s, b)
		b += w
	}
	return -1, ""
}

// CELLastIndexOf is s.lastIndexOf(sub): the index in runes of sub's last
// occurrence, -1 for none.
func CELLastIndexOf(s, sub string) (int64, string) {
	if sub == "" {
		return int64(utf8.RuneCountInString(s)), ""
	}
	if len(s) < len(sub) {
		return -1, ""
	}
	return CELLastIndexOfFrom(s, sub, int64(utf8.RuneCountInString(s))-1)
}

// CELLastIndexOfFrom is s.lastIndexOf(sub, offset): the index in runes of
// sub's last occurrence at or before offset, -1 for none, or index out of
// range.
func CELLastIndexOfFrom(s, sub string, offset int64) (int64, string) {
	n, m, res, err, done := runeSearch(s, sub, offset)
	if done {
		return res, err
	}
	if offset > n-m {
		offset = n - m
	}
	// The byte offset of every rune up to offset, walked once.
	found := int64(-1)
	b := 0
	for i := int64(0); i <= offset; i++ {
		if matchAt(s, b, sub) {
			found = i
		}
		_, w := runeAt(s, b)
		b += w
	}
	return found, ""
}

// CELLowerASCII is s.lowerAscii(): ASCII letters in lower case, and, as
// cel-go's round trip through []rune, invalid UTF-8 as U+FFFD.
func CELLowerASCII(s string) string { return mapASCII(s, 'A', 'Z', 'a'-'A') }

// CELUpperASCII is s.upperAscii().
func CELUpperASCII(s string) string { return mapASCII(s, 'a', 'z', 'A'-'a') }

func mapASCII(s string, lo, hi byte, delta int) string {
	change := !utf8.ValidString(s)
	for i := 0; i < len(s) && !change; i++ {
		change = s[i] >= lo && s[i] <= hi
	}
	if !change {
		return s
	}
	runes := []rune(s)
	for i, r := range runes {
		if r >= rune(lo) && r <= rune(hi) {
			runes[i] = r + rune(delta)
		}
	}
	return string(runes)
}

// CELSplitCount is size(s.split(sep)), without the list.
func CELSplitCount(s, sep string) int64 {
	if sep == "" {
		return int64(utf8.RuneCountInString(s))
	}
	return int64(strings.Count(s, sep)) + 1
}

// CELSubstring is s.substring(start, end) (end -1 for s.substring(start)):
// the runes from start to end, or cel-go's range errors.
func CELSubstring(s string, start, end int64, withEnd bool) (string, string) {
	n := int64(utf8.RuneCountInString(s))
	if !withEnd {
		end = n
	} else if start > end {
		return "", "invalid substring range. start: " + strconv.FormatInt(start, 10) + ", end: " + strconv.FormatInt(end, 10)
	}
	if start < 0 || start > n {
		return "", "index out of range: " + strconv.FormatInt(start, 10)
	}
	if end < 0 || end > n {
		return "", "index out of range: " + strconv.FormatInt(end, 10)
	}
	if !utf8.ValidString(s) {
		return string([]rune(s)[start:end]), ""
	}
	b, i := 0, int64(0)
	for ; i < start; i++ {
		_, w := utf8.DecodeRuneInString(s[b:])
		b += w
	}
	e := b
	for ; i < end; i++ {
		_, w := utf8.DecodeRuneInString(s[e:])
		e += w
	}
	return s[b:e], ""
}

// CELTimestamp is a metav1.Time's value as the server's CEL rules read
// it: its JSON, RFC 3339 to the second in UTC, parsed as a date-time,
// which is t's Unix seconds. A year the format cannot write in four
// digits makes the server's decoding fail (strfmt.ParseDateTime, whose
// last layout's error it reports): the rule's value is that error.
func CELTimestamp(t time.Time) (int64, string) {
	u := t.UTC()
	if y := u.Year(); y >= 0 && y <= 9999 {
		return t.Unix(), ""
	}
	s := u.Format(time.RFC3339)
	_, err := time.Parse("2006-01-02T15:04:05", s)
	msg := "cannot parse"
	if err != nil {
		msg = err.Error()
	}
	return 0, "Invalid date-time formatted string " + s + ": " + msg
}

// CELBytesError is the error the server's CEL rules meet reading a []byte
// field (format: byte), "" when none. Go's JSON writes the bytes in
// standard base64, and the server decodes that string as URL-safe base64
// (kube-openapi's strfmt.Base64) as a rule reaches it, has() included:
// wherever the encoding holds + or / (a 6-bit group of 62 or 63), the
// decoding fails and so does the rule. Valid values cost a pass over the
// bytes and no allocation.
func CELBytesError(b []byte) string {
	if !base64NeedsPlusOrSlash(b) {
		return ""
	}
	s := base64.StdEncoding.EncodeToString(b)
	if _, err := base64.URLEncoding.DecodeString(s); err != nil {
		return "Invalid byte formatted string " + s + ": " + err.Error()
	}
	return ""
}

// base64NeedsPlusOrSlash reports whether the standard base64 of b has a +
// or a / in it: a 6-bit group of 62 (111110) or 63 (111111).
func base64NeedsPlusOrSlash(b []byte) bool {
	for i := 0; i < len(b); i += 3 {
		var v uint32
		n := min(3, len(b)-i)
		for j := range n {
			v |= uint32(b[i+j]) << (16 - 8*j)
		}
		// n bytes make n+1 groups; the rest of the quantum is padding.
		for g := range n + 1 {
			if (v>>(18-6*g))&0x3f >= 62 {
				return true
			}
		}
	}
	return false
}
