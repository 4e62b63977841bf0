package runtime

import (
	"net/netip"
	"strconv"
	"strings"
	"unsafe"

	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	netutils "k8s.io/utils/net"
)

// The format checks return nil for a valid value without allocating; on
// an invalid value they return the errors Kubernetes' own format checks
// (k8s.io/apimachinery/pkg/api/validate) return, one per problem, in
// their order. Where Kubernetes' check splits or concatenates strings
// (which allocates), an allocation-free test of validity comes first, and
// the errors are only built for a value it rejects; a value it rejects
// that Kubernetes accepts still gets no error.

// ShortName checks +k8s:format=k8s-short-name: a DNS-1123 label.
func ShortName[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, dns1123Label(string(v)), "format=k8s-short-name")
}

// LongName checks +k8s:format=k8s-long-name: a DNS-1123 subdomain.
func LongName[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, dns1123Subdomain(string(v), false), "format=k8s-long-name")
}

// IP checks +k8s:format=k8s-ip: an IPv4 address, whose octets may have
// leading zeros, or an IPv6 address, as Kubernetes' legacy IP fields accept.
func IP[T ~string](p *Path, v T) field.ErrorList {
	// Both checks accept without allocating: IPv4 (leading zeros too)
	// first, since netip allocates its error for those it rejects.
	if sloppyIPv4(string(v)) {
		return nil
	}
	// netip only for what may be IPv6: its error is an allocation.
	if strings.IndexByte(string(v), ':') >= 0 {
		if a, err := netip.ParseAddr(string(v)); err == nil && a.Zone() == "" {
			return nil
		}
	}
	// validation.IsValidIPForLegacyField, which has one error: the value
	// is none of the IPs netutils.ParseIPSloppy parses (which allocates
	// only the IP it returns).
	if netutils.ParseIPSloppy(string(v)) != nil {
		return nil
	}
	// The bad value keeps the field's own type, as the other formats do.
	return listOfOne(errorAtString(p, field.ErrorTypeInvalid, v, msgInvalidIP, nil, "format=k8s-ip"))
}

// msgInvalidIP is the detail of IsValidIPForLegacyField's error.
var msgInvalidIP = validation.IsValidIPForLegacyField(nil, "-", false, nil)[0].Detail

// The new formats follow the reference (k8s.io/apimachinery/pkg/api/validate)
// to the letter, details included: its length limits say "bytes" where
// util/validation's, which ShortName and LongName report, say "characters".

// LabelKey checks +k8s:format=k8s-label-key: a name (1 to 63 characters,
// alphanumeric at both ends, '-', '_' or '.' inside), optionally after a
// DNS-1123 subdomain prefix and '/'.
func LabelKey[T ~string](p *Path, v T) field.ErrorList {
	if isLabelKey(string(v)) {
		return nil
	}
	return formatErrors(p, v, labelKey(string(v)), "format=k8s-label-key")
}

// PrefixedLabelKey checks +k8s:format=k8s-prefixed-label-key: a label key
// whose prefix is not optional.
func PrefixedLabelKey[T ~string](p *Path, v T) field.ErrorList {
	s := string(v)
	if isLabelKey(s) && strings.IndexByte(s, '/') >= 0 {
		return nil
	}
	msgs := labelKey(s)
	if len(msgs) == 0 {
		msgs = []string{"must include a prefix (e.g. 'example.com/key')"}
	}
	return formatErrors(p, v, msgs, "format=k8s-prefixed-label-key")
}

// LabelValue checks +k8s:format=k8s-label-value: empty, or at most 63
// characters, alphanumeric at both ends, '-', '_' or '.' inside.
func LabelValue[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, labelValue(string(v)), "format=k8s-label-value")
}

// LongNameCaseless checks +k8s:format=k8s-long-name-caseless: a DNS-1123
// subdomain in which upper case letters are allowed.
func LongNameCaseless[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, dns1123SubdomainCaseless(string(v)), "format=k8s-long-name-caseless")
}

// PathSegmentName checks +k8s:format=k8s-path-segment-name: not "." or
// "..", and without '/' or '%'. Like Kubernetes' check, it has no length
// limit and accepts the empty string.
func PathSegmentName[T ~string](p *Path, v T) field.ErrorList {
	s := string(v)
	var msgs []string
	switch {
	case s == "." || s == "..":
		msgs = []string{"may not be '" + s + "'"}
	case strings.IndexByte(s, '/') < 0 && strings.IndexByte(s, '%') < 0:
		return nil
	default:
		if strings.IndexByte(s, '/') >= 0 {
			msgs = append(msgs, "may not contain '/'")
		}
		if strings.IndexByte(s, '%') >= 0 {
			msgs = append(msgs, "may not contain '%'")
		}
	}
	return formatErrors(p, v, msgs, "format=k8s-path-segment-name")
}

// UUID checks +k8s:format=k8s-uuid: 36 characters, lower-case hexadecimal
// digits in groups of 8-4-4-4-12 separated by '-'.
func UUID[T ~string](p *Path, v T) field.ErrorList {
	if isUUID(string(v)) {
		return nil
	}
	return listOfOne(errorAtString(p, field.ErrorTypeInvalid, string(v), "must be a lowercase UUID in 8-4-4-4-12 format", nil, "format=k8s-uuid"))
}

// ResourcePoolName checks +k8s:format=k8s-resource-pool-name: at most 253
// characters, one or more DNS-1123 subdomains separated by '/'.
func ResourcePoolName[T ~string](p *Path, v T) field.ErrorList {
	s := string(v)
	if isResourcePoolName(s) {
		return nil
	}
	f := newFormatErrs(p, "format=k8s-resource-pool-name")
	if len(s) > validation.DNS1123SubdomainMaxLength {
		f.tooLong(validation.DNS1123SubdomainMaxLength)
	}
	// The segments strings.Split(s, "/") would give.
	for i, rest, more := 0, s, true; more; i++ {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		var d [320]byte // room for apimachinery's longest message
		prefix := strconv.AppendInt(append(d[:0], "segment "...), int64(i), 10)
		prefix = append(prefix, ": "...)
		if seg == "" {
			f.invalidIn(s, prefix, "must not be empty")
			continue
		}
		for _, m := range subdomainMsgs(seg) {
			f.invalidIn(seg, prefix, m)
		}
	}
	return f.errs
}

const (
	requestsPrefix        = "requests."
	kubernetesDomainInfix = "kubernetes.io/"
)

// ExtendedResourceName checks +k8s:format=k8s-extended-resource-name: a
// domain-prefixed name (with '/') outside the kubernetes.io domain, not
// starting with "requests.", that is a label key once "requests." is put
// in front of it (the name quota gives it).
func ExtendedResourceName[T ~string](p *Path, v T) field.ErrorList {
	s := string(v)
	if isExtendedResourceName(s) {
		return nil
	}
	f := newFormatErrs(p, "format=k8s-extended-resource-name")
	if strings.IndexByte(s, '/') < 0 {
		f.invalid(s, "a name must be a domain-prefixed path, such as 'example.com/my-prop'")
	} else if strings.Contains(s, kubernetesDomainInfix) {
		f.invalid(s, `must not have "`+kubernetesDomainInfix+`" domain`)
	}
	if strings.HasPrefix(s, requestsPrefix) {
		f.invalid(s, `must not have "`+requestsPrefix+`" prefix`)
	}
	// The name quota gives it, built on the stack for the check.
	var kb [128]byte
	key := append(append(kb[:0], requestsPrefix...), s...)
	if !isLabelKey(unsafe.String(&key[0], len(key))) {
		for _, m := range labelKey(requestsPrefix + s) {
			f.invalid(s, m)
		}
	}
	return f.errs
}

// ResourceFullyQualifiedName checks
// +k8s:format=k8s-resource-fully-qualified-name: a DNS-1123 subdomain of
// at most 63 characters, '/', and a C identifier of at most 32
// characters. As in Kubernetes, a value with two or more '/' passes: its
// check only looks at values of one or two parts.
func ResourceFullyQualifiedName[T ~string](p *Path, v T) field.ErrorList {
	s := string(v)
	if isResourceFullyQualifiedName(s) {
		return nil
	}
	f := newFormatErrs(p, "format=k8s-resource-fully-qualified-name")
	parts := strings.Split(s, "/")
	switch len(parts) {
	case 1:
		f.cIdentifier(parts[0])
	case 2:
		if parts[0] == "" {
			f.invalid("", "prefix must not be empty")
		} else {
			if len(parts[0]) > validation.DNS1123LabelMaxLength {
				f.tooLong(validation.DNS1123LabelMaxLength)
			}
			for _, m := range subdomainMsgs(parts[0]) {
				f.invalid(parts[0], "prefix: "+m)
			}
		}
		if parts[1] == "" {
			f.invalid("", "name must not be empty")
		} else {
			f.cIdentifier(parts[1])
		}
	}
	if len(parts) == 1 {
		f.invalid(s, "a fully qualified name must be a domain and a name separated by a slash")
	}
	return f.errs
}

const resourceNameMaxLength = 32

// formatErrs collects the errors of one format check whose bad values and
// types vary from error to error. The path is written once: on the stack,
// then into the bytes of the first error, whose string the others share.
type formatErrs struct {
	buf    [128]byte // the path, until the first error
	width  int
	path   string // once written to the heap
	origin string
	errs   field.ErrorList
}

// newFormatErrs materialises the path at once, on the error path only. A
// formatErrs that kept p would let p escape (the errors it collects do,
// and escape analysis does not tell a struct's fields apart), and with it
// every Path on the caller's stack, on every call, valid values included.
func newFormatErrs(p *Path, origin string) formatErrs {
	f := formatErrs{width: p.width(), origin: origin}
	switch {
	case f.width == 0:
		f.path = "<nil>"
	case f.width <= len(f.buf):
		p.fill(f.buf[:f.width])
	default:
		f.path = p.String()
	}
	return f
}

// add adds an error of type t, whose detail is built for it (or detail).
func (f *formatErrs) add(t field.ErrorType, bad string, detail string, built []byte) {
	w := 0
	if f.path == "" {
		w = f.width
	}
	e, b := newError(w + len(built))
	if w > 0 {
		copy(b, f.buf[:w])
		f.path = unsafe.String(&b[0], w)
	}
	if len(built) > 0 {
		copy(b[w:], built)
		detail = unsafe.String(&b[w], len(built))
	}
	e.Type, e.Field, e.Detail, e.Origin = t, f.path, detail, f.origin
	badString(e, bad)
	if f.errs == nil {
		f.errs = listOfOne(e)
	} else {
		f.errs = append(f.errs, e)
	}
}

func (f *formatErrs) invalid(bad string, detail string) {
	f.add(field.ErrorTypeInvalid, bad, detail, nil)
}

// invalidIn is invalid with the detail prefix and m.
func (f *formatErrs) invalidIn(bad string, prefix []byte, m string) {
	f.add(field.ErrorTypeInvalid, bad, "", append(prefix, m...))
}

// tooLong is field.TooLong's error: the limit in bytes, the value omitted.
func (f *formatErrs) tooLong(max int) {
	var b [64]byte
	d, built := detailOf(&tooLongBytes, max, b[:0])
	f.add(field.ErrorTypeTooLong, omitted, d, built)
}

func (f *formatErrs) cIdentifier(id string) {
	if len(id) > resourceNameMaxLength {
		f.tooLong(resourceNameMaxLength)
	}
	for _, m := range cIdentifier(id) {
		f.invalid(id, m)
	}
}

func maxBytesDetail(n int) string { return "must be no more than " + strconv.Itoa(n) + " bytes" }

// subdomainMsgs are the DNS-1123 subdomain messages with the length limit
// in bytes.
func subdomainMsgs(s string) []string { return dns1123Subdomain(s, true) }

// The is* functions below decide validity without allocating; each
// agrees with the errors above (TestFormatsMatchKubernetes).

func isSubdomain(s string) bool { return len(s) <= subdomainMax && isSubdomainText(s) }

// isLabelName: 1 to 63 bytes, [A-Za-z0-9] at both ends, '-', '_', '.' inside.
func isLabelName(s string) bool { return len(s) <= labelKeyMax && isLabelKeyName(s) }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isUUID(s string) bool {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return false
	}
	// The 32 digits, eight at a time: 0-8, 9-13 and 14-18, 19-23 and
	// 32-36, 24-32.
	return lowerHex8(load64(s[0:])) &&
		lowerHex8(uint64(load32(s[9:]))|uint64(load32(s[14:]))<<32) &&
		lowerHex8(uint64(load32(s[19:]))|uint64(load32(s[32:]))<<32) &&
		lowerHex8(load64(s[24:]))
}

func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// lowerHex8 reports whether the eight bytes of w are all lower-case
// hexadecimal digits ([0-9a-f]), all at once: below 0x80, each byte plus
// a constant carries into no other, and its high bit then says on which
// side of a bound it is.
func lowerHex8(w uint64) bool {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	if w&high != 0 {
		return false
	}
	digit := (w + (0x80-'0')*ones) &^ (w + (0x7f-'9')*ones)
	letter := (w + (0x80-'a')*ones) &^ (w + (0x7f-'f')*ones)
	return (digit|letter)&high == high
}

func isResourcePoolName(s string) bool {
	if len(s) > validation.DNS1123SubdomainMaxLength {
		return false
	}
	for {
		seg, rest, more := strings.Cut(s, "/")
		if !isSubdomain(seg) { // the empty segment too
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func isExtendedResourceName(s string) bool {
	i := strings.IndexByte(s, '/')
	if i < 0 || strings.Contains(s, kubernetesDomainInfix) || strings.HasPrefix(s, requestsPrefix) {
		return false
	}
	// "requests." + s is a label key: "requests." + s[:i] is a subdomain
	// (as "requests" is a label, when s[:i] is one of 244 bytes at most),
	// and what follows the first '/' a label name.
	return i <= validation.DNS1123SubdomainMaxLength-len(requestsPrefix) && isSubdomain(s[:i]) && isLabelName(s[i+1:])
}

func isResourceFullyQualifiedName(s string) bool {
	prefix, name, ok := strings.Cut(s, "/")
	if !ok {
		return false
	}
	if strings.IndexByte(name, '/') >= 0 {
		return true // not checked, as in Kubernetes
	}
	return prefix != "" && len(prefix) <= validation.DNS1123LabelMaxLength && isSubdomain(prefix) &&
		len(name) <= resourceNameMaxLength && isCIdentifier(name)
}

func formatErrors[T ~string](p *Path, v T, msgs []string, origin string) field.ErrorList {
	if len(msgs) == 0 {
		return nil
	}
	first := errorAtString(p, field.ErrorTypeInvalid, v, msgs[0], nil, origin)
	bad := first.BadValue // boxed once, for every error
	errs := listOfOne(first)
	for _, m := range msgs[1:] {
		e, _ := newError(0)
		e.Type, e.Field, e.BadValue, e.Detail, e.Origin = field.ErrorTypeInvalid, first.Field, bad, m, origin
		errs = append(errs, e)
	}
	return errs
}

// sloppyIPv4 accepts what Kubernetes' legacy IP parsing accepts beyond
// netip: dotted-quad IPv4 whose octets have leading zeros ("010.1.2.3"),
// without allocating.
func sloppyIPv4(s string) bool {
	octets, n, digits := 0, 0, 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if digits == 0 || n > 255 {
				return false
			}
			octets++
			n, digits = 0, 0
			continue
		}
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		if n <= 255 {
			n = n*10 + int(c-'0')
		}
		digits++
	}
	return octets == 4
}
