package runtime

import (
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// UnionMembers describes a union for its checks: the members' names as
// messages show them (JSON names, or list items), in declaration order,
// and for a discriminated union the discriminator's JSON name and the
// value that selects each member.
type UnionMembers struct {
	Names         []string
	Values        []string
	Discriminator string
}

// appendAll appends the members' names, each in backquotes, separated
// by ", ".
func (m *UnionMembers) appendAll(b []byte) []byte {
	for i, n := range m.Names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(append(append(b, '`'), n...), '`')
	}
	return b
}

// appendSpecified appends the set members' names in braces, separated by
// ", ".
func (m *UnionMembers) appendSpecified(b []byte, set []bool) []byte {
	b = append(b, '{')
	first := true
	for i, s := range set {
		if s {
			if !first {
				b = append(b, ", "...)
			}
			b = append(b, m.Names[i]...)
			first = false
		}
	}
	return append(b, '}')
}

// invalid is the union's error at p: the detail followed by every member,
// and as the bad value the members set (none: "").
func (m *UnionMembers) invalid(p *Path, set []bool, detail, origin string) field.ErrorList {
	var sd, dd [256]byte
	spec := sd[:0]
	if set != nil {
		spec = m.appendSpecified(spec, set)
	}
	d := m.appendAll(append(dd[:0], detail...))
	e := errorAt(p, field.ErrorTypeInvalid, nil, "", append(spec, d...), origin)
	// The bad value is the front of the detail's bytes.
	e.BadValue, e.Detail = e.Detail[:len(spec)], e.Detail[len(spec):]
	return listOfOne(e)
}

func count(set []bool) int {
	n := 0
	for _, s := range set {
		if s {
			n++
		}
	}
	return n
}

// Union checks +k8s:unionMember: exactly one member is set. set[i] says
// whether member i is set. Errors are at p, with origin "union".
func Union(p *Path, set []bool, m *UnionMembers) field.ErrorList {
	switch count(set) {
	case 1:
		return nil
	case 0:
		return m.invalid(p, nil, "must specify one of: ", "union")
	}
	return m.invalid(p, set, "must specify exactly one of: ", "union")
}

// ZeroOrOneOf checks +k8s:zeroOrOneOfMember: at most one member is set.
func ZeroOrOneOf(p *Path, set []bool, m *UnionMembers) field.ErrorList {
	if count(set) <= 1 {
		return nil
	}
	return m.invalid(p, set, "must specify at most one of: ", "zeroOrOneOf")
}

// DiscriminatedUnion checks a union with +k8s:unionDiscriminator: a set
// member must be the one the discriminator names, and the named member
// must be set. Errors are at the member, with origin "union". A
// discriminator naming no member, with nothing set, is not this check's
// concern (the discriminator's own tags validate its value).
func DiscriminatedUnion[D ~string](p *Path, set []bool, m *UnionMembers, disc D) field.ErrorList {
	var errs field.ErrorList
	for i, s := range set {
		selected := string(disc) == m.Values[i]
		var prefix, value string
		switch {
		case s && !selected:
			prefix, value = "may only be specified when `", m.Values[i]
		case !s && selected:
			prefix, value = "must be specified when `", string(disc)
		default:
			continue
		}
		var d [128]byte
		b := append(append(append(d[:0], prefix...), m.Discriminator...), "` is "...)
		mp := p.Child(m.Names[i])
		e := errorAt(&mp, field.ErrorTypeInvalid, "", "", strconv.AppendQuote(b, value), "union")
		if errs == nil {
			errs = listOfOne(e)
		} else {
			errs = append(errs, e)
		}
	}
	return errs
}
