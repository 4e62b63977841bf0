package markers

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// NearMissOf reports whether the text of a comment line (after //) is meant
// as a tag or marker of one of the prefixes ("k8s:", "kubebuilder:") but
// is read by no generator as written: a space after the +, a doubled +, a
// fullwidth ＋, a capital letter (+K8s:), another mark where the colon
// after the prefix goes (+kubebuilder+validation:), or a space other than
// a space or a tab before the + (a no-break space, which gofmt keeps and
// editors hide). want is the line as a generator reads it. text is the
// line as the dialect's generator sees it: Kubernetes' (gengo) trims
// spaces and tabs only, controller-gen every Unicode space, so its callers
// pass text trimmed already.
func NearMissOf(text string, prefixes ...string) (want string, ok bool) {
	s := strings.TrimLeftFunc(text, unicode.IsSpace)
	if r, _ := utf8.DecodeRuneInString(s); !isPlus(r) {
		return "", false
	}
	rest := strings.TrimLeftFunc(s, func(r rune) bool { return isPlus(r) || unicode.IsSpace(r) })
	asRead := strings.TrimLeft(text, " \t")
	for _, p := range prefixes {
		if name := strings.TrimSuffix(p, ":"); len(rest) > len(name)+1 && strings.EqualFold(rest[:len(name)], name) &&
			strings.IndexByte(misplacedColons, rest[len(name)]) >= 0 && unicode.IsLetter(rune(rest[len(name)+1])) {
			// +kubebuilder+validation:Pattern (tink): another mark
			// where the colon goes.
			return strings.TrimRightFunc("+"+p+rest[len(name)+1:], unicode.IsSpace), true
		}
		if len(rest) < len(p) || !strings.EqualFold(rest[:len(p)], p) {
			continue
		}
		if strings.HasPrefix(asRead, "+"+p) {
			return "", false
		}
		return strings.TrimRightFunc("+"+p+rest[len(p):], unicode.IsSpace), true
	}
	return "", false
}

// misplacedColons are the marks written where a marker's first colon goes
// (not a dot: +k8s.io/... in prose is no marker).
const misplacedColons = "+;/"

// isPlus is a plus sign, or a character that looks like one.
func isPlus(r rune) bool { return r == '+' || r == '＋' || r == '﹢' }
