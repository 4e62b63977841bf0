package crd

import (
	"fmt"
	"go/token"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// modeRules are the CEL rules of a struct's +k8s:ifMode checks, on the
// anchor (see crdCtx) as union rules are: per member, one rule for the
// modes it has no tags for (Forbidden when set) and one per error a mode's
// chained tag can report, each holding unless the discriminator holds that
// mode and the tag is reached (no short-circuiting tag before it stopped
// the mode, as in Go). Absent fields read as their zero values; every rule
// passes on an update that changed neither the discriminator nor the
// member, which Go does not check again.
func (c *crdCtx) modeRules(t *model.Type) []apiextv1.ValidationRule {
	var out []apiextv1.ValidationRule
	pathOf := func(f *model.Field) []string { return append(append([]string{}, c.lift...), f.JSONName) }
	for _, m := range t.Modalities {
		d := m.Discriminator
		disc := c.accessor("self", pathOf(d), d.Go)
		isBool := zeroCEL(d.Go) == "false"
		lit := func(v string) string {
			if isBool {
				return v
			}
			return celString(v)
		}
		for _, mem := range m.Members {
			f := mem.Field
			path := pathOf(f)
			at := "." + strings.Join(path, ".")
			now, set := c.accessor("self", path, f.Go), "!("+zeroTest(c.accessor("self", path, f.Go), f.Go, false)+")"
			if f.Go.Kind == types.Pointer {
				now, set = sel("self", path...), presentAll("self", path)
			}
			unchanged := disc + " == " + c.accessor("oldSelf.value()", pathOf(d), d.Go) + " && " + c.sameMember("self", "oldSelf.value()", path, f.Go)
			var modes []string
			for _, mode := range mem.Modes {
				modes = append(modes, lit(mode.Value))
			}
			if c.enforces(mem.ForbiddenLevel) && !(isBool && len(modes) == 2) {
				out = append(out, c.at(mem.Modes[0].Rules[0].At(), c.transitionRule(fmt.Sprintf("%s in [%s] || !(%s)", disc, strings.Join(modes, ", "), set),
					unchanged, "Forbidden", "FieldValueForbidden", at)))
			}
			for _, mode := range mem.Modes {
				out = append(out, c.modeChecks(mode, disc+" == "+lit(mode.Value), now, set, unchanged, at, path, f.Go)...)
			}
		}
	}
	return out
}

// modeChecks are the rules of one mode's tags. The tags after the last
// short-circuiting one (required, optional, forbidden, maxItems,
// maxProperties) run only when none of those stopped the mode.
func (c *crdCtx) modeChecks(mode *model.Mode, is, now, set, unchanged, at string, path []string, t *types.Type) []apiextv1.ValidationRule {
	var out []apiextv1.ValidationRule
	// Options are resolved here, levels below: the short-circuits of every
	// level gate the tags after them, as in Go.
	var rules []model.Rule
	var resolve func(rs []model.Rule)
	resolve = func(rs []model.Rule) {
		for _, r := range rs {
			if x, ok := r.(model.IfOption); ok {
				if c.options[x.Option] == x.Enabled {
					resolve(x.Rules)
				}
				continue
			}
			rules = append(rules, r)
		}
	}
	resolve(mode.Rules)
	last, stops := -1, false
	var going []string // the mode's short-circuits did not stop it
	for i, r := range rules {
		switch r.(type) {
		case model.Required, model.Optional:
			last, going = i, append(going, set)
		case model.Forbidden:
			last, stops = i, true
		case model.MaxItems, model.MaxProperties:
			e, _, _, _ := c.modeCheck(r, now, set, path, t)
			last, going = i, append(going, e)
		}
	}
	for i, r := range rules {
		if !c.enforces(r.Stability()) {
			continue
		}
		expr, msg, reason, ok := c.modeCheck(r, now, set, path, t)
		if !ok {
			c.errs = append(c.errs, &markers.Error{Pos: r.At(), Tag: r.TagName(),
				Msg: "this tag has no CRD form after +k8s:ifMode in validation-gen yet", Fix: "generate this package without --crd-dir"})
			continue
		}
		gate := is
		if i > last && len(going) > 0 {
			gate += " && " + strings.Join(going, " && ")
		}
		if expr == "true" || (i > last && stops) {
			continue // a tag that reports nothing, or one a forbidden before it stops
		}
		out = append(out, c.at(r.At(), c.transitionRule("!("+gate+") || ("+expr+")", unchanged, msg, reason, at)))
	}
	return out
}

// at records pos as the tag of the anchor rule vr, for the server's check.
func (c *crdCtx) at(pos token.Position, vr apiextv1.ValidationRule) apiextv1.ValidationRule {
	if c.rulePos == nil {
		c.rulePos = map[string]token.Position{}
	}
	c.rulePos[vr.Rule+"\x00"+vr.FieldPath] = pos
	return vr
}

// modeCheck is the CEL test that a mode's tag r reports no error on the
// member at path, whose value is now and presence set.
func (c *crdCtx) modeCheck(r model.Rule, now, set string, path []string, t *types.Type) (expr, msg, reason string, ok bool) {
	switch x := r.(type) {
	case model.Required:
		return set, "Required value", "FieldValueRequired", true
	case model.Forbidden:
		return "!(" + set + ")", "Forbidden", "FieldValueForbidden", true
	case model.Optional:
		return "true", "", "", true
	case model.EachKey:
		// Go checks only the keys the old member did not have.
		var checks []string
		for _, kr := range c.resolveOptions(x.Rules) {
			e, m, ok := c.celCheck(kr, "k", keyType(t))
			if !ok {
				return "", "", "", false
			}
			if !c.uncorrelatable {
				e = "(" + e + ") || (oldSelf.hasValue() && k in " + c.accessor("oldSelf.value()", path, t) + ")"
			}
			checks, msg = append(checks, now+".all(k, "+e+")"), m
		}
		if len(checks) == 0 {
			return "true", "", "", true
		}
		expr = strings.Join(checks, " && ")
	default:
		if expr, msg, ok = c.celCheck(r, now, t); !ok {
			return "", "", "", false
		}
	}
	if t.Kind == types.Pointer {
		expr = "!(" + set + ") || " + expr
	}
	return expr, msg, "", true
}

// sameMember is the CEL test that the member at path holds one value in a
// and in b, as Go compares them (absent is zero, except behind a pointer).
func (c *crdCtx) sameMember(a, b string, path []string, t *types.Type) string {
	if t.Kind != types.Pointer {
		return c.accessor(a, path, t) + " == " + c.accessor(b, path, t)
	}
	x, y := presentAll(a, path), presentAll(b, path)
	return fmt.Sprintf("(%s) == (%s) && (!(%s) || (%s))", x, y, x, c.goEqual(sel(a, path...), sel(b, path...), t.Elem, 0))
}
