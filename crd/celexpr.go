package crd

import (
	"fmt"
	"strconv"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// sameField is the CEL test that field name of a and of b hold one value,
// as Go compares them (absent is zero, except behind a pointer).
func (c *crdCtx) sameField(a, b, name string, t *types.Type) string {
	if zeroIsAbsent(t) {
		return accessor(a, []string{name}, t) + " == " + accessor(b, []string{name}, t)
	}
	x, y := sel(a, name), sel(b, name)
	return fmt.Sprintf("has(%s) == has(%s) && (!has(%s) || %s)", x, y, x, c.goEqual(x, y, gotype.Deref(t), 0))
}

// sameChain is sameField through a chain of sub-fields: the last field of
// the chain holds one value in a and in b, as Go compares it. A pointer on
// the way is unchanged when it is absent in both; a non-pointer struct on
// the way is read as it is (below list items, where item rules are, it is
// defaulted, so always there).
func (c *crdCtx) sameChain(a, b string, chain []*model.Field) string {
	f := chain[0]
	if len(chain) == 1 {
		return c.sameField(a, b, f.JSONName, f.Go)
	}
	x, y := sel(a, f.JSONName), sel(b, f.JSONName)
	inner := c.sameChain(x, y, chain[1:])
	if f.Go.Kind == types.Pointer {
		return fmt.Sprintf("has(%s) == has(%s) && (!has(%s) || (%s))", x, y, x, inner)
	}
	return inner
}

// goEqual is the CEL test that a and b, two present values of Go type t,
// are one Go value as equality.Semantic compares them. JSON spells a
// struct's value several ways (a field absent or with its zero value), so
// a struct is compared field by field, an absent field read as its zero
// value; other values, and structs nested deeper than a few levels, are
// compared as JSON.
func (c *crdCtx) goEqual(a, b string, t *types.Type, depth int) string {
	mt := c.m.Lookup(t)
	if _, known := wellKnown(t); known || mt == nil || t.Kind != types.Struct || depth > 2 {
		return a + " == " + b
	}
	var parts []string
	for _, f := range c.jsonFields(mt) {
		x, y := sel(a, f.JSONName), sel(b, f.JSONName)
		switch {
		case f.Go.Kind == types.Pointer:
			parts = append(parts, fmt.Sprintf("has(%s) == has(%s) && (!has(%s) || (%s))", x, y, x, c.goEqual(x, y, f.Go.Elem, depth+1)))
		case zeroIsAbsent(f.Go):
			parts = append(parts, accessor(a, []string{f.JSONName}, f.Go)+" == "+accessor(b, []string{f.JSONName}, f.Go))
		default:
			// A non-pointer struct: absent is its zero value.
			parts = append(parts, fmt.Sprintf("(has(%s) && has(%s) ? (%s) : has(%s) ? (%s) : has(%s) ? (%s) : true)",
				x, y, c.goEqual(x, y, f.Go, depth+1), x, c.goZero(x, f.Go, depth+1), y, c.goZero(y, f.Go, depth+1)))
		}
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

// goZero is the CEL test that v, a present value of Go type t, is Go's
// zero value of t (see goEqual).
func (c *crdCtx) goZero(v string, t *types.Type, depth int) string {
	mt := c.m.Lookup(t)
	if _, known := wellKnown(t); known || mt == nil || t.Kind != types.Struct || depth > 2 {
		return "false" // not known to be zero: never "unchanged"
	}
	var parts []string
	for _, f := range c.jsonFields(mt) {
		x := sel(v, f.JSONName)
		switch {
		case f.Go.Kind == types.Pointer:
			parts = append(parts, "!has("+x+")")
		case zeroIsAbsent(f.Go):
			parts = append(parts, zeroTest(accessor(v, []string{f.JSONName}, f.Go), f.Go, false))
		default:
			parts = append(parts, fmt.Sprintf("(!has(%s) || (%s))", x, c.goZero(x, f.Go, depth+1)))
		}
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

// jsonFields are the fields of a struct as JSON has them: inline members
// flattened, TypeMeta and ObjectMeta left out.
func (c *crdCtx) jsonFields(t *model.Type) []*model.Field {
	var out []*model.Field
	for _, f := range t.Fields {
		if f.Inline {
			if isMetaType(f.Go, "TypeMeta") || isMetaType(f.Go, "ObjectMeta") {
				continue
			}
			if inner := c.m.Lookup(gotype.Deref(f.Go)); inner != nil {
				out = append(out, c.jsonFields(inner)...)
			}
			continue
		}
		if isMetaType(f.Go, "ObjectMeta") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// memberRules are the rules the struct t declares on its field goName.
func (c *crdCtx) memberRules(t *types.Type, goName string) []model.Rule {
	if mt := c.m.Lookup(gotype.Deref(t)); mt != nil {
		for _, f := range mt.Fields {
			if f.GoName == goName {
				return f.Rules
			}
		}
	}
	return nil
}

// memberPresence reports whether the struct t declares its field goName
// required, optional or forbidden.
func (c *crdCtx) memberPresence(t *types.Type, goName string) bool {
	rules := c.memberRules(t, goName)
	return model.HasRule[model.Optional](rules) || model.HasRule[model.Required](rules) || model.HasRule[model.Forbidden](rules)
}

// zeroIsAbsent reports whether Go reads an absent field of type t as a
// zero value it can compare (not a pointer's nil, not a struct).
func zeroIsAbsent(t *types.Type) bool {
	return t.Kind != types.Pointer && zeroCEL(t) != "null"
}

// accessor is the free accessor, except below list items and map values,
// where a non-pointer field has a default and so is always there.
func (c *crdCtx) accessor(root string, path []string, t *types.Type) string {
	if c.inItem && t.Kind != types.Pointer && zeroJSON(t) != "null" {
		return sel(root, path...)
	}
	return accessor(root, path, t)
}

// accessor reads a field by its JSON path from root, as the zero value
// when it or a parent is absent. A pointer field reads as null.
func accessor(root string, path []string, t *types.Type) string {
	zero := "null"
	if t.Kind != types.Pointer {
		zero = zeroCEL(t)
	}
	return "(" + presentAll(root, path) + " ? " + sel(root, path...) + " : " + zero + ")"
}

// presentAll is the test that every field along path is present.
func presentAll(root string, path []string) string {
	var parts []string
	for i := range path {
		parts = append(parts, "has("+sel(root, path[:i+1]...)+")")
	}
	return strings.Join(parts, " && ")
}

// sel selects the fields of path (JSON names) from v, escaped as the
// server's CEL environment names them ("a-b" is a__dash__b). addFields
// reports names that cannot be escaped.
func sel(v string, path ...string) string {
	for _, name := range path {
		if e, ok := apiservercel.Escape(name); ok {
			name = e
		}
		v += "." + name
	}
	return v
}

// zeroCEL is the CEL literal of a type's zero value.
func zeroCEL(t *types.Type) string {
	r := gotype.Resolve(gotype.Deref(t))
	switch r.Kind {
	case types.Slice:
		return "[]"
	case types.Map:
		return "{}"
	case types.Builtin:
		switch gotype.BuiltinKind(r.Name.Name) {
		case "string":
			return "''"
		case "bool":
			return "false"
		case "float":
			return "0.0"
		}
		return "0"
	}
	return "null"
}

// zeroSatisfies reports whether the zero value of t passes rule r.
func zeroSatisfies(r model.Rule, t *types.Type) bool {
	switch x := r.(type) {
	case model.Minimum:
		return x.N <= 0
	case model.Maximum:
		return x.N >= 0
	case model.MinLength:
		return x.N <= 0
	case model.MinItems:
		return x.N <= 0
	case model.MinProperties:
		return x.N <= 0
	case model.Format:
		return x.Name == "k8s-label-value" || x.Name == "k8s-path-segment-name"
	case model.NEQ:
		switch x.Kind {
		case "string":
			return x.Value != ""
		case "int":
			return x.Int != 0
		}
		return x.Value != "false"
	case enumRule:
		for _, v := range x.values {
			if v.Value == "" {
				return true
			}
		}
		return false
	}
	return true
}

// zeroTest is the CEL test that v (of Go type t) is its zero value (or,
// with absentToo, also absent, for use on "self" guards).
func zeroTest(v string, t *types.Type, _ bool) string {
	r := gotype.Resolve(gotype.Deref(t))
	switch r.Kind {
	case types.Slice, types.Map:
		return "size(" + v + ") == 0"
	case types.Builtin:
		switch gotype.BuiltinKind(r.Name.Name) {
		case "string":
			return v + " == ''"
		case "bool":
			return v + " == false"
		case "float":
			return v + " == 0.0"
		}
		return v + " == 0"
	}
	return "false"
}

// zeroJSON is the JSON of t's zero value, for defaults.
func zeroJSON(t *types.Type) string {
	if _, ok := wellKnown(t); ok {
		return "null" // their own JSON forms (metav1.Time's zero is null)
	}
	r := gotype.Resolve(gotype.Deref(t))
	switch r.Kind {
	case types.Builtin:
		switch gotype.BuiltinKind(r.Name.Name) {
		case "string":
			return `""`
		case "bool":
			return "false"
		}
		return "0"
	case types.Slice:
		if e := gotype.Resolve(r.Elem); e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8") {
			return `""`
		}
		return "[]"
	case types.Map, types.Struct:
		return "{}"
	}
	return "null"
}

// celSubdomain is a DNS-1123 subdomain, as a regexp in a CEL string literal.
const celSubdomain = `[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*`

// celCheck is a CEL expression that holds when the value v passes rule r,
// with the message the Go validator gives.
func (c *crdCtx) celCheck(r model.Rule, v string, t *types.Type) (expr, msg string, ok bool) {
	switch x := r.(type) {
	case model.Fixed:
		// validateTrue; validateFalse has no CRD form, wherever it is.
		if !x.Pass {
			c.errs = append(c.errs, fixedNoCRDForm(x))
		}
		return "true", "", x.Pass
	case model.Minimum:
		return fmt.Sprintf("%s >= %d", v, x.N), fmt.Sprintf("must be greater than or equal to %d", x.N), true
	case model.Maximum:
		return fmt.Sprintf("%s <= %d", v, x.N), fmt.Sprintf("must be less than or equal to %d", x.N), true
	case model.MinLength:
		return fmt.Sprintf("size(%s) >= %d", v, x.N), fmt.Sprintf("must be at least %d %s", x.N, plural(x.N, "character")), true
	case model.MaxLength:
		return fmt.Sprintf("size(%s) <= %d", v, x.N), fmt.Sprintf("may not be more than %d %s", x.N, plural(x.N, "character")), true
	case model.MaxBytes:
		return fmt.Sprintf("size(bytes(%s)) <= %d", v, x.N), fmt.Sprintf("may not be more than %d %s", x.N, plural(x.N, "byte")), true
	case model.MinItems:
		return fmt.Sprintf("size(%s) >= %d", v, x.N), fmt.Sprintf("must have at least %d %s", x.N, plural(x.N, "item")), true
	case model.MaxItems:
		return fmt.Sprintf("size(%s) <= %d", v, x.N), fmt.Sprintf("must have at most %d %s", x.N, plural(x.N, "item")), true
	case model.MinProperties:
		return fmt.Sprintf("size(%s) >= %d", v, x.N), fmt.Sprintf("must have at least %d %s", x.N, plural(x.N, "item")), true
	case model.MaxProperties:
		return fmt.Sprintf("size(%s) <= %d", v, x.N), fmt.Sprintf("must have at most %d %s", x.N, plural(x.N, "item")), true
	case model.Format:
		switch x.Name {
		case "k8s-short-name":
			return fmt.Sprintf("!format.dns1123Label().validate(%s).hasValue()", v), "must be a lowercase RFC 1123 label", true
		case "k8s-long-name":
			return fmt.Sprintf("!format.dns1123Subdomain().validate(%s).hasValue()", v), "must be a lowercase RFC 1123 subdomain", true
		case "k8s-ip":
			// Go parses IP addresses sloppily (netutils.ParseIPSloppy):
			// IPv4 octets may have leading zeros, also at the end of an
			// IPv6 address, and IPv4-mapped IPv6 addresses are valid. CEL's
			// isIP takes neither, so the IPv4 part is checked by hand and
			// the IPv6 part with two groups in its place, "ffff" made
			// "fffe" so that a mapped address does not stay mapped.
			quad := "[0-9]+[.][0-9]+[.][0-9]+[.][0-9]+$"
			tail := fmt.Sprintf("%s.substring(%s.lastIndexOf(':') + 1)", v, v)
			head := fmt.Sprintf("%s.substring(0, %s.lastIndexOf(':'))", v, v)
			return fmt.Sprintf("isIP(%s) || (%s.matches('^%s') && %s.split('.').all(o, int(o) <= 255)) || "+
				"(%s.matches('^[0-9a-fA-F:]*:%s') && %s.split('.').all(o, int(o) <= 255) && isIP(%s.lowerAscii().replace('ffff', 'fffe') + ':1:1'))",
				v, v, quad, v, v, quad, tail, head), "must be a valid IP address", true
		case "k8s-label-key":
			// format.qualifiedName is the label key check of Go's.
			return fmt.Sprintf("!format.qualifiedName().validate(%s).hasValue()", v), "must be a valid label key (e.g. 'example.com/MyName')", true
		case "k8s-prefixed-label-key":
			// A valid label key has at most one '/'.
			return fmt.Sprintf("!format.qualifiedName().validate(%s).hasValue() && %s.contains('/')", v, v),
				"must be a label key with a prefix (e.g. 'example.com/key')", true
		case "k8s-label-value":
			return fmt.Sprintf("!format.labelValue().validate(%s).hasValue()", v), "must be a valid label value", true
		case "k8s-long-name-caseless":
			// CEL's matches is Go's regexp, whose case folding admits the
			// Kelvin sign and the long s, as Go's check does; those are
			// more than one byte, and Go's limit counts bytes.
			return fmt.Sprintf("%s.matches('^(?i)%s$') && size(bytes(%s)) <= 253", v, celSubdomain, v),
				"must be an RFC 1123 subdomain", true
		case "k8s-path-segment-name":
			return fmt.Sprintf("%s != '.' && %s != '..' && !%s.contains('/') && !%s.contains('%%')", v, v, v, v),
				"must not be '.' or '..' and must not contain '/' or '%'", true
		case "k8s-uuid":
			return fmt.Sprintf("%s.matches('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')", v),
				"must be a lowercase UUID in 8-4-4-4-12 format", true
		case "k8s-resource-pool-name":
			// The 253-character bound (boundForCEL) is the length limit: a
			// value that matches is ASCII.
			return fmt.Sprintf("%s.matches('^%s(/%s)*$')", v, celSubdomain, celSubdomain),
				"must be one or more lowercase RFC 1123 subdomains separated by '/'", true
		case "k8s-extended-resource-name":
			return fmt.Sprintf("%s.contains('/') && !%s.contains('kubernetes.io/') && !%s.startsWith('requests.') && "+
					"!format.qualifiedName().validate('requests.' + %s).hasValue()", v, v, v, v),
				"must be a domain-prefixed name (e.g. 'example.com/my-prop'), not in kubernetes.io and not starting with 'requests.'", true
		case "k8s-resource-fully-qualified-name":
			// Go does not check a value with two '/' or more.
			return fmt.Sprintf("%s.matches('^[^/]*/[^/]*/') || (%s.matches('^[a-z0-9.-]{1,63}/') && %s.matches('^%s/[A-Za-z_][A-Za-z0-9_]{0,31}$'))",
				v, v, v, celSubdomain), "must be a DNS subdomain of at most 63 characters and a C identifier of at most 32, separated by a slash", true
		}
	case model.NEQ:
		lit := x.Value
		if x.Kind == "string" {
			lit = celString(x.Value)
		} else if x.Kind == "int" {
			lit = strconv.FormatInt(x.Int, 10)
		}
		return fmt.Sprintf("%s != %s", v, lit), "must not be equal to " + lit, true
	case enumRule:
		var vals []string
		for _, e := range x.values {
			vals = append(vals, celString(e.Value))
		}
		return fmt.Sprintf("%s in [%s]", v, strings.Join(vals, ", ")), "supported values: " + strings.Join(vals, ", "), true
	case model.Item:
		match := itemMatch(x.Selector, "i")
		var checks []string
		first := v + ".filter(i, " + match + ")[0]"
		for _, in := range c.resolveOptions(x.Rules) {
			e, m, ok := c.celCheck(in, first, x.Selector.Elem)
			if !ok {
				return "", "", false
			}
			checks = append(checks, e)
			msg = m
		}
		if len(checks) == 0 {
			return "", "", false
		}
		return fmt.Sprintf("!%s.exists(i, %s) || (%s)", v, match, strings.Join(checks, " && ")), msg, true
	case model.ItemUnion:
		var set []string
		for _, m := range x.Union.Members {
			set = append(set, fmt.Sprintf("%s.exists(i, %s)", v, itemMatch(m.Item, "i")))
		}
		count := "[" + strings.Join(set, ", ") + "].filter(x, x).size()"
		if x.Union.ZeroOrOne {
			return count + " <= 1", "must specify at most one of: " + displayNames(x.Union), true
		}
		return count + " == 1", "must specify exactly one of: " + displayNames(x.Union), true
	case model.Subfield:
		var checks []string
		sub := sel(v, x.JSONName)
		member := x.Field.Go
		presence := c.memberPresence(t, x.Field.GoName)
		if model.HasRule[model.Forbidden](c.memberRules(t, x.Field.GoName)) {
			return "true", "", true // Go skips the chained rules of a forbidden member
		}
		for _, in := range c.resolveOptions(x.Rules) {
			switch in.(type) {
			case model.Optional:
				continue // decides whether the other rules run (below)
			case model.Required:
				if presence && member.Kind != types.Pointer {
					continue // an unset required or optional member skips the chained rules: this one can never fail
				}
				if member.Kind == types.Pointer {
					checks = append(checks, "has("+sub+")")
				} else {
					checks = append(checks, "(has("+sub+") && !("+zeroTest(sub, member, false)+"))")
				}
				msg = "Required value"
				continue
			case model.Forbidden:
				if member.Kind == types.Pointer {
					checks = append(checks, "!has("+sub+")")
				} else {
					checks = append(checks, "(!has("+sub+") || "+zeroTest(sub, member, false)+")")
				}
				msg = "Forbidden"
				continue
			}
			e, m, ok := c.celCheck(in, sub, member)
			if !ok {
				return "", "", false
			}
			msg = m
			switch {
			case member.Kind == types.Pointer:
				checks = append(checks, "(!has("+sub+") || "+e+")")
			case presence:
				// An unset (zero) required or optional member skips the rule.
				checks = append(checks, "(!has("+sub+") || "+zeroTest(sub, member, false)+" || "+e+")")
			case zeroSatisfies(in, member):
				checks = append(checks, "(!has("+sub+") || "+e+")")
			default:
				// Absent is the zero value, which the rule rejects.
				checks = append(checks, "(has("+sub+") && "+e+")")
			}
		}
		if len(checks) == 0 {
			return "true", msg, true // every chained rule is one Go can never fail here
		}
		return strings.Join(checks, " && "), msg, true
	}
	return "", "", false
}

func itemMatch(s *model.ItemSelector, v string) string {
	var parts []string
	for _, k := range s.Keys {
		lit := k.Value
		if k.Kind == "string" {
			lit = celString(k.Value)
		}
		parts = append(parts, fmt.Sprintf("%s == %s", sel(v, k.JSONName), lit))
	}
	return strings.Join(parts, " && ")
}

func displayNames(u *model.Union) string {
	var out []string
	for _, m := range u.Members {
		out = append(out, "`"+m.Display+"`")
	}
	return strings.Join(out, ", ")
}

// celString quotes a string for CEL.
func celString(s string) string { return strconv.Quote(s) }

// plural is word, or its plural unless n is 1, as apimachinery's field
// errors write counts.
func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
