package runtime

import (
	"net/netip"

	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The format checks return nil for a valid value without allocating; on
// an invalid value they return one Invalid error per problem, as
// Kubernetes' own checks do.

// ShortName checks +k8s:format=k8s-short-name: a DNS-1123 label.
func ShortName[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, validation.IsDNS1123Label(string(v)), "format=k8s-short-name")
}

// LongName checks +k8s:format=k8s-long-name: a DNS-1123 subdomain.
func LongName[T ~string](p *Path, v T) field.ErrorList {
	return formatErrors(p, v, validation.IsDNS1123Subdomain(string(v)), "format=k8s-long-name")
}

// IP checks +k8s:format=k8s-ip: an IPv4 address, whose octets may have
// leading zeros, or an IPv6 address, as Kubernetes' legacy IP fields accept.
func IP[T ~string](p *Path, v T) field.ErrorList {
	// Both checks accept without allocating: IPv4 (leading zeros too)
	// first, since netip allocates its error for those it rejects.
	if sloppyIPv4(string(v)) {
		return nil
	}
	if a, err := netip.ParseAddr(string(v)); err == nil && a.Zone() == "" {
		return nil
	}
	errs := validation.IsValidIPForLegacyField(p.Field(), string(v), false, nil)
	for _, e := range errs {
		e.Origin = "format=k8s-ip"
		e.BadValue = v // keep the field's own type, as the other formats do
	}
	return errs
}

func formatErrors[T ~string](p *Path, v T, msgs []string, origin string) field.ErrorList {
	if len(msgs) == 0 {
		return nil
	}
	path := p.String()
	errs := make(field.ErrorList, 0, len(msgs))
	for _, m := range msgs {
		e := field.Invalid(nil, v, m).WithOrigin(origin)
		e.Field = path
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
