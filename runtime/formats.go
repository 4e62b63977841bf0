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
	// netip parses without allocating; it rejects leading zeros, which
	// the sloppy parser below accepts, so only its failures need the slow path.
	if a, err := netip.ParseAddr(string(v)); err == nil && a.Zone() == "" {
		return nil
	}
	errs := validation.IsValidIPForLegacyField(p.Field(), string(v), false, nil)
	for _, e := range errs {
		e.Origin = "format=k8s-ip"
	}
	return errs
}

func formatErrors[T ~string](p *Path, v T, msgs []string, origin string) field.ErrorList {
	if len(msgs) == 0 {
		return nil
	}
	fp := p.Field()
	errs := make(field.ErrorList, 0, len(msgs))
	for _, m := range msgs {
		errs = append(errs, field.Invalid(fp, v, m).WithOrigin(origin))
	}
	return errs
}
