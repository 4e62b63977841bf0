package runtime

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	metavalidation "k8s.io/apimachinery/pkg/api/validation"
)

// embeddedRawValid reports whether raw is certainly an object that the
// server's check of an embedded resource (embedded, below EmbeddedRaw)
// accepts. It reads the JSON where it lies and allocates nothing, where
// decoding it and running apimachinery's ObjectMeta validation costs
// hundreds of allocations on every write of a valid object.
//
// false means "not sure", never "invalid": anything it does not read as
// plainly valid (an escape in a key, metadata fields other than the
// common ones, a value of an unexpected type, non-ASCII where a name
// check would fold case) goes to the full check, which gives the
// verdict and the errors. So the one property that matters is that true
// is never wrong: TestEmbeddedRawFastPathAgrees and
// FuzzEmbeddedRawFastPath hold it to the full check.
func embeddedRawValid(raw []byte) bool {
	if len(raw) == 0 {
		return false
	}
	// A string view of raw: nothing below keeps it past the call, and
	// nothing writes raw while a validator reads it.
	sc := jsonScan{s: unsafe.String(unsafe.SliceData(raw), len(raw))}
	var apiVersion, kind bool
	sc.space()
	ok := sc.members(func(key string) bool {
		switch key {
		case "apiVersion":
			apiVersion = true
			v, ok := sc.plainString()
			// schema.ParseGroupVersion takes any string with at most one '/'.
			return ok && v != "" && strings.Count(v, "/") <= 1
		case "kind":
			kind = true
			v, ok := sc.plainString()
			return ok && isKindText(v)
		case "metadata":
			return sc.objectMetaValid()
		}
		return sc.skipValue()
	})
	sc.space()
	return ok && sc.i == len(sc.s) && apiVersion && kind
}

// isKindText: the server lower-cases a kind and checks it as a DNS-1035
// label, [a-z]([-a-z0-9]*[a-z0-9])?, at most 63 characters. ASCII only:
// strings.ToLower folds some other letters (the Kelvin sign) to ASCII.
func isKindText(s string) bool {
	if s == "" || len(s) > labelMax || !isAlnum(s[0]) || s[0] <= '9' || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// objectMetaValid reads an embedded object's metadata: true if it holds
// only name, generateName, namespace, labels, annotations and a null
// creationTimestamp, each valid as ValidateObjectMeta checks it on
// create (a missing name is the placeholder the server puts there).
// Every occurrence of a repeated key is checked, so the one the decoder
// keeps (the last) is among them.
func (sc *jsonScan) objectMetaValid() bool {
	annotationBytes := 0
	return sc.members(func(key string) bool {
		switch key {
		case "name":
			v, ok := sc.plainString()
			return ok && v != "." && v != ".." && !strings.ContainsAny(v, "/%")
		case "generateName":
			v, ok := sc.plainString()
			return ok && !strings.ContainsAny(v, "/%")
		case "namespace":
			// A namespace makes the object namespaced; it must then be a
			// DNS-1123 label.
			v, ok := sc.plainString()
			return ok && (v == "" || len(v) <= labelMax && isLabelText(v))
		case "labels":
			return sc.null() || sc.members(func(k string) bool {
				v, ok := sc.plainString()
				return ok && isLabelKey(k) && labelValue(v) == nil
			})
		case "annotations":
			return sc.null() || sc.members(func(k string) bool {
				// The value may hold escapes and any valid UTF-8: its raw
				// length bounds its decoded one for the size limit.
				v, ok := sc.anyString()
				annotationBytes += len(k) + len(v)
				return ok && isAnnotationKey(k) && utf8.ValidString(v)
			})
		case "creationTimestamp":
			return sc.null()
		}
		return false
	}) && annotationBytes <= metavalidation.TotalAnnotationSizeLimitB
}

// isAnnotationKey: ValidateAnnotations checks a key lower-cased as a
// label key. ASCII only, as strings.ToLower folds some other letters to
// ASCII ones.
func isAnnotationKey(k string) bool {
	var lower [subdomainMax + 1 + labelKeyMax]byte
	if k == "" || len(k) > len(lower) {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c >= utf8.RuneSelf {
			return false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	return isLabelKey(unsafe.String(&lower[0], len(k)))
}

// jsonScan reads JSON text in place. Its readers return false on
// anything they do not take; a caller then gives up, never guesses.
type jsonScan struct {
	s string
	i int
}

// space skips JSON's white space.
func (sc *jsonScan) space() {
	for sc.i < len(sc.s) && isJSONSpace(sc.s[sc.i]) {
		sc.i++
	}
}

func (sc *jsonScan) take(c byte) bool {
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}

// null takes the literal null.
func (sc *jsonScan) null() bool {
	if strings.HasPrefix(sc.s[sc.i:], "null") {
		sc.i += len("null")
		return true
	}
	return false
}

// anyString takes a string and returns its raw text, escapes undecoded.
func (sc *jsonScan) anyString() (string, bool) {
	v, _, ok := sc.str()
	return v, ok
}

// plainString takes a string without escapes, whose text is its value.
func (sc *jsonScan) plainString() (string, bool) {
	v, plain, ok := sc.str()
	return v, ok && plain
}

// str takes a string: its raw text, whether it has no escapes, and
// whether it is well formed (closed, no control characters).
func (sc *jsonScan) str() (text string, plain, ok bool) {
	if !sc.take('"') {
		return "", false, false
	}
	start, plain := sc.i, true
	for sc.i < len(sc.s) {
		switch c := sc.s[sc.i]; {
		case c == '"':
			sc.i++
			return sc.s[start : sc.i-1], plain, true
		case c == '\\':
			plain = false
			sc.i += 2
		case c < 0x20:
			return "", false, false
		default:
			sc.i++
		}
	}
	return "", false, false
}

// members reads an object, calling member with each key and the scanner
// at the key's value, which member must take. Keys with escapes are not
// taken (an escaped key may spell one the callers look for).
func (sc *jsonScan) members(member func(key string) bool) bool {
	if !sc.take('{') {
		return false
	}
	sc.space()
	if sc.take('}') {
		return true
	}
	for {
		key, ok := sc.plainString()
		if !ok {
			return false
		}
		sc.space()
		if !sc.take(':') {
			return false
		}
		sc.space()
		if !member(key) {
			return false
		}
		sc.space()
		if sc.take('}') {
			return true
		}
		if !sc.take(',') {
			return false
		}
		sc.space()
	}
}

// skipValue takes any value: strings whole, objects and arrays to their
// matching bracket, numbers and literals to the next delimiter. It does
// not check what it skips; the decoder of the full check fails on
// malformed JSON, and the full check then reports nothing either.
func (sc *jsonScan) skipValue() bool {
	if sc.i >= len(sc.s) {
		return false
	}
	switch sc.s[sc.i] {
	case '"':
		_, _, ok := sc.str()
		return ok
	case '{', '[':
		depth := 0
		for sc.i < len(sc.s) {
			switch sc.s[sc.i] {
			case '"':
				if _, _, ok := sc.str(); !ok {
					return false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			sc.i++
			if depth == 0 {
				return true
			}
		}
		return false
	}
	start := sc.i
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		if !isAlnum(c) && c != '-' && c != '+' && c != '.' {
			break
		}
		sc.i++
	}
	return sc.i > start
}
