package runtime

import (
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
	"k8s.io/apimachinery/pkg/util/validation"
)

// The name checks of Kubernetes (k8s.io/apimachinery's util/validation
// and api/validate/content), which match regular expressions, written as
// byte loops: the same verdict and the same messages, in the same order,
// on every string (FuzzNames, TestNamesMatchApimachinery). A valid string
// costs one pass over its bytes and allocates nothing; an invalid one
// allocates only its list of messages.
//
// The messages are apimachinery's own, taken once from its functions on
// inputs that fail one way, not written out again here.

const (
	labelMax     = validation.DNS1123LabelMaxLength     // 63
	subdomainMax = validation.DNS1123SubdomainMaxLength // 253
	labelKeyMax  = 63                                   // a label key's name part
)

var (
	// util/validation: length limits in characters.
	msgLabelTooLong     = validation.IsDNS1123Label(strings.Repeat("a", labelMax+1))[0]
	msgLabelRegex       = validation.IsDNS1123Label("-")[0]
	msgLabelDots        = validation.IsDNS1123Label("a.b")[0]
	msgSubdomainTooLong = validation.IsDNS1123Subdomain(strings.Repeat("a", subdomainMax+1))[0]
	msgSubdomainRegex   = validation.IsDNS1123Subdomain("-")[0]

	// api/validate/content: length limits in bytes.
	msgContentSubdomainTooLong = content.IsDNS1123Subdomain(strings.Repeat("a", subdomainMax+1))[0]
	msgContentSubdomainRegex   = content.IsDNS1123Subdomain("-")[0]
	msgCaselessRegex           = content.IsDNS1123SubdomainCaseless("-")[0]
	msgLabelValueTooLong       = content.IsLabelValue(strings.Repeat("a", labelMax+1))[0]
	msgLabelValueRegex         = content.IsLabelValue("-")[0]
	msgKeyTooManyParts         = content.IsLabelKey("a/b/c")[0]
	msgKeyPrefixEmpty          = content.IsLabelKey("/a")[0]
	msgKeyNameEmpty            = content.IsLabelKey("")[0]
	msgKeyNameTooLong          = content.IsLabelKey(strings.Repeat("a", labelKeyMax+1))[0]
	msgKeyNameRegex            = content.IsLabelKey("-")[0]
	msgCIdentifierRegex        = content.IsCIdentifier("-")[0]
)

// lowerAlnum: [a-z0-9].
func lowerAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// isLabelText matches [a-z0-9]([-a-z0-9]*[a-z0-9])?, with no length
// limit.
func isLabelText(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !lowerAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// isSubdomainText matches labels joined by '.', with no length limit.
func isSubdomainText(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !isLabelText(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// Kelvin sign (U+212A) and long s (U+017F): in Go's case folding they are
// a 'k' and an 's', so a case-insensitive [a-z] matches them.
const (
	kelvinSign = "\u212a"
	longS      = "\u017f"
)

// caselessAlnum is the length of the [a-z0-9] Go's case-folding regexp
// matches at the start of s (1 for an ASCII letter or digit, 3 for the
// Kelvin sign, 2 for the long s), or 0.
func caselessAlnum(s string) int {
	switch c := s[0]; {
	case isAlnum(c):
		return 1
	case c == 0xe2 && strings.HasPrefix(s, kelvinSign):
		return len(kelvinSign)
	case c == 0xc5 && strings.HasPrefix(s, longS):
		return len(longS)
	}
	return 0
}

// isCaselessSubdomainText matches (?i) of the subdomain pattern: labels
// of letters in either case (the Kelvin sign and the long s among them),
// digits and '-' inside, joined by '.'.
func isCaselessSubdomainText(s string) bool {
	if s == "" {
		return false
	}
	// last is what the previous character was: 0 none (start of a
	// label), 'a' a letter or digit, '-' a dash.
	last := byte(0)
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '-':
			if last == 0 {
				return false
			}
			last = '-'
			i++
		case c == '.':
			if last != 'a' {
				return false
			}
			last = 0
			i++
		default:
			n := caselessAlnum(s[i:])
			if n == 0 {
				return false
			}
			last = 'a'
			i += n
		}
	}
	return last == 'a'
}

// isLabelKeyName matches ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], with
// no length limit.
func isLabelKeyName(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isCIdentifier matches [A-Za-z_][A-Za-z0-9_]*.
func isCIdentifier(s string) bool {
	if s == "" || !(s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' {
			return false
		}
	}
	return true
}

// The message pairs of lengthAndPattern: the length's, then the
// pattern's. The lists it returns are slices of them, capped: read-only.
var (
	labelMsgs            = [2]string{msgLabelTooLong, msgLabelRegex}
	labelDotsMsgs        = [2]string{msgLabelTooLong, msgLabelDots}
	subdomainMsgsChars   = [2]string{msgSubdomainTooLong, msgSubdomainRegex}
	subdomainMsgsBytes   = [2]string{msgContentSubdomainTooLong, msgContentSubdomainRegex}
	caselessSubdomainMsg = [2]string{msgContentSubdomainTooLong, msgCaselessRegex}
	labelValueMsgs       = [2]string{msgLabelValueTooLong, msgLabelValueRegex}
)

// dns1123Label is util/validation.IsDNS1123Label: a string that fails
// the label pattern but is a subdomain has dots.
func dns1123Label(s string) []string {
	ok := isLabelText(s)
	msgs := &labelMsgs
	if !ok && isSubdomainText(s) {
		msgs = &labelDotsMsgs
	}
	return lengthAndPattern(len(s) > labelMax, ok, msgs)
}

// dns1123Subdomain is util/validation.IsDNS1123Subdomain (bytes: false)
// or content.IsDNS1123Subdomain (bytes: true), which say the length
// limit in characters and in bytes.
func dns1123Subdomain(s string, bytes bool) []string {
	msgs := &subdomainMsgsChars
	if bytes {
		msgs = &subdomainMsgsBytes
	}
	return lengthAndPattern(len(s) > subdomainMax, isSubdomainText(s), msgs)
}

// dns1123SubdomainCaseless is content.IsDNS1123SubdomainCaseless.
func dns1123SubdomainCaseless(s string) []string {
	return lengthAndPattern(len(s) > subdomainMax, isCaselessSubdomainText(s), &caselessSubdomainMsg)
}

// labelValue is content.IsLabelValue (util/validation.IsValidLabelValue).
func labelValue(s string) []string {
	return lengthAndPattern(len(s) > labelMax, s == "" || isLabelKeyName(s), &labelValueMsgs)
}

// lengthAndPattern are the messages of a check of a length limit and a
// pattern, in apimachinery's order: the length's, then the pattern's
// (msgs), without allocating.
func lengthAndPattern(long, matches bool, msgs *[2]string) []string {
	switch {
	case long && !matches:
		return msgs[:]
	case long:
		return msgs[0:1:1]
	case !matches:
		return msgs[1:2:2]
	}
	return nil
}

// isLabelKey decides content.IsLabelKey without building its messages.
func isLabelKey(s string) bool {
	name := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		if i == 0 || len(s[:i]) > subdomainMax || !isSubdomainText(s[:i]) {
			return false
		}
		name = s[i+1:]
	}
	return len(name) <= labelKeyMax && isLabelKeyName(name) // a second '/' fails here
}

// labelKey is content.IsLabelKey (util/validation.IsQualifiedName).
func labelKey(s string) []string {
	if isLabelKey(s) {
		return nil
	}
	var msgs []string
	name := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		if strings.IndexByte(s[i+1:], '/') >= 0 {
			return []string{msgKeyTooManyParts}
		}
		prefix := s[:i]
		name = s[i+1:]
		if prefix == "" {
			msgs = append(msgs, msgKeyPrefixEmpty)
		} else {
			for _, m := range dns1123Subdomain(prefix, true) {
				msgs = append(msgs, "prefix part "+m)
			}
		}
	}
	if name == "" {
		msgs = append(msgs, msgKeyNameEmpty)
	} else if len(name) > labelKeyMax {
		msgs = append(msgs, msgKeyNameTooLong)
	}
	if !isLabelKeyName(name) {
		msgs = append(msgs, msgKeyNameRegex)
	}
	return msgs
}

// cIdentifier is content.IsCIdentifier.
func cIdentifier(s string) []string {
	if isCIdentifier(s) {
		return nil
	}
	return []string{msgCIdentifierRegex}
}
