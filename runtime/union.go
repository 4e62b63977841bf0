package runtime

import (
	"fmt"
	"strings"

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

func (m *UnionMembers) all() string {
	quoted := make([]string, len(m.Names))
	for i, n := range m.Names {
		quoted[i] = "`" + n + "`"
	}
	return strings.Join(quoted, ", ")
}

func (m *UnionMembers) specified(set []bool) string {
	var names []string
	for i, s := range set {
		if s {
			names = append(names, m.Names[i])
		}
	}
	return "{" + strings.Join(names, ", ") + "}"
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
		return field.ErrorList{at(field.Invalid(nil, "", "must specify one of: "+m.all()), p).WithOrigin("union")}
	}
	return field.ErrorList{at(field.Invalid(nil, m.specified(set), "must specify exactly one of: "+m.all()), p).WithOrigin("union")}
}

// ZeroOrOneOf checks +k8s:zeroOrOneOfMember: at most one member is set.
func ZeroOrOneOf(p *Path, set []bool, m *UnionMembers) field.ErrorList {
	if count(set) <= 1 {
		return nil
	}
	return field.ErrorList{at(field.Invalid(nil, m.specified(set), "must specify at most one of: "+m.all()), p).WithOrigin("zeroOrOneOf")}
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
		switch {
		case s && !selected:
			mp := p.Child(m.Names[i])
			errs = append(errs, at(field.Invalid(nil, "", fmt.Sprintf("may only be specified when `%s` is %q", m.Discriminator, m.Values[i])), &mp).WithOrigin("union"))
		case !s && selected:
			mp := p.Child(m.Names[i])
			errs = append(errs, at(field.Invalid(nil, "", fmt.Sprintf("must be specified when `%s` is %q", m.Discriminator, string(disc))), &mp).WithOrigin("union"))
		}
	}
	return errs
}
