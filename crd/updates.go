package crd

import (
	"fmt"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// The rules that compare with the old value (immutable, update,
// monotonic) are transition rules on the anchor: a field's old value
// exists in Go exactly when the old anchor does, read with absent parents
// as zero values (see crdCtx). The server never evaluates a transition
// rule on a new anchor (a create, or an update that adds the anchor), so
// there the rule holds; Go, which on such an update has no old value,
// reports immutable (docs/crd-design.md).

// updateRules writes the old-value rules of field f, and its type's, on
// the anchor.
func (c *crdCtx) updateRules(f *model.Field, rules []model.Rule) {
	all := c.allRules(gotype.Deref(f.Go), rules)
	path := append(append([]string{}, c.lift...), f.JSONName)
	for _, r := range all {
		var exprs []oldValueRule
		switch x := r.(type) {
		case model.Immutable:
			exprs = []oldValueRule{{check: c.samePath("self", oldAnchor, path, f.Go), msg: "field is immutable"}}
		case model.Monotonic:
			m := c.monotonicRule(path, f.Go)
			if f.Go.Kind != types.Pointer && model.HasRule[model.Optional](rules) {
				// Go's optional stops the check when the value is zero.
				m.check = zeroTest(c.accessor("self", path, f.Go), f.Go, false) + " || " + m.check
			}
			exprs = []oldValueRule{m}
		case model.Update:
			exprs = c.updateConstraintRules(x, path, f.Go)
		default:
			continue
		}
		if c.uncorrelatable {
			c.errs = append(c.errs, uncorrelatableError(r))
			continue
		}
		for _, e := range exprs {
			// A plain transition rule (not optionalOldSelf): the server
			// runs it only where the old anchor exists, which is what Go
			// compares with, and its cost estimate keeps the old value's
			// list bounds, which an optional's value() loses.
			vr := apiextv1.ValidationRule{
				Rule:      e.check,
				Message:   e.msg,
				FieldPath: "." + strings.Join(path, "."),
			}
			if e.reason != "" {
				reason := apiextv1.FieldValueErrorReason(e.reason)
				vr.Reason = &reason
			}
			c.anchorRules = append(c.anchorRules, vr)
		}
	}
}

const oldAnchor = "oldSelf"

// oldValueRule is one CEL check of a value against its old value.
type oldValueRule struct {
	check, msg, reason string
}

func uncorrelatableError(r model.Rule) error {
	return &markers.Error{Pos: r.At(), Tag: r.TagName(),
		Msg: "the API server has no old value below an item of a list that is not a list-map, so a CRD cannot check this rule on update (the Go validator reports it on every update that changes the list)",
		Fix: "make the enclosing list +k8s:listType=map with +k8s:listMapKey, or generate this package without --crd-dir"}
}

// samePath is the CEL test that the field at path holds one Go value in a
// and in b (absent parents and fields read as zero values).
func (c *crdCtx) samePath(a, b string, path []string, t *types.Type) string {
	if zeroIsAbsent(t) {
		return c.accessor(a, path, t) + " == " + c.accessor(b, path, t)
	}
	pa, pb := presentAll(a, path), presentAll(b, path)
	x, y := sel(a, path...), sel(b, path...)
	if t.Kind == types.Pointer {
		return fmt.Sprintf("(%s) == (%s) && (!(%s) || (%s))", pa, pb, pa, c.goEqual(x, y, t.Elem, 0))
	}
	return fmt.Sprintf("(%s) && (%s) ? (%s) : (%s) ? (%s) : (%s) ? (%s) : true",
		pa, pb, c.goEqual(x, y, t, 0), pa, c.goZero(x, t, 0), pb, c.goZero(y, t, 0))
}

// monotonicRule is +k8s:monotonic: with both values set, new >= old.
func (c *crdCtx) monotonicRule(path []string, t *types.Type) oldValueRule {
	check := c.accessor("self", path, t) + " >= " + c.accessor(oldAnchor, path, t)
	if t.Kind == types.Pointer {
		check = fmt.Sprintf("!(%s) || !(%s) || %s >= %s", presentAll("self", path), presentAll(oldAnchor, path), sel("self", path...), sel(oldAnchor, path...))
	}
	// No messageExpression with the old value: the server's estimate
	// prices string() of an integer far over the budget.
	return oldValueRule{check: check, msg: "may not be decreased"}
}

// updateConstraintRules are +k8s:update's constraints, as the Go
// validator checks them.
func (c *crdCtx) updateConstraintRules(u model.Update, path []string, t *types.Type) []oldValueRule {
	msgs := map[string]string{"NoSet": "field cannot be set once created", "NoUnset": "field cannot be cleared once set", "NoModify": "field cannot be modified once set"}
	var out []oldValueRule
	add := func(cn, bad string) { out = append(out, oldValueRule{check: "!(" + bad + ")", msg: msgs[cn]}) }
	r := gotype.Resolve(gotype.Deref(t))
	switch {
	case r.Kind == types.Slice || r.Kind == types.Map:
		now, before := c.accessor("self", path, t), c.accessor(oldAnchor, path, t)
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(cn, "size("+before+") == 0 && size("+now+") > 0")
			case "NoUnset":
				add(cn, "size("+before+") > 0 && size("+now+") == 0")
			case "NoAddItem":
				out = append(out, oldValueRule{check: c.allFound(u, r, "self", oldAnchor, path), msg: "item may not be added", reason: "FieldValueForbidden"})
			case "NoRemoveItem":
				out = append(out, oldValueRule{check: c.allFound(u, r, oldAnchor, "self", path), msg: "item may not be removed", reason: "FieldValueForbidden"})
			}
		}
	case t.Kind == types.Pointer:
		pa, pb := presentAll("self", path), presentAll(oldAnchor, path)
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(cn, "!("+pb+") && ("+pa+")")
			case "NoUnset":
				add(cn, "("+pb+") && !("+pa+")")
			case "NoModify":
				add(cn, "("+pb+") && ("+pa+") && !("+c.samePath("self", oldAnchor, path, t)+")")
			}
		}
	case r.Kind == types.Struct:
		if slices.Contains(u.Constraints, "NoModify") {
			add("NoModify", "!("+c.samePath("self", oldAnchor, path, t)+")")
		}
	default:
		now, before := c.accessor("self", path, t), c.accessor(oldAnchor, path, t)
		zNow, zBefore := zeroTest(now, t, false), zeroTest(before, t, false)
		for _, cn := range u.Constraints {
			switch cn {
			case "NoSet":
				add(cn, zBefore+" && !("+zNow+")")
			case "NoUnset":
				add(cn, "!("+zBefore+") && "+zNow)
			case "NoModify":
				add(cn, "!("+zBefore+") && !("+zNow+") && "+now+" != "+before)
			}
		}
	}
	return out
}

// allFound is the CEL test that every item (or key) of the list or map at
// path below a has one of the same identity at path below b: the same key
// fields (list-map), the same value (set), the same key (map). An absent
// list (or parent) has no items. It tests presence rather than reading an
// absent list as [], whose type the server's cost estimate cannot bound.
func (c *crdCtx) allFound(u model.Update, r *types.Type, a, b string, path []string) string {
	inA, inB := sel(a, path...), sel(b, path...)
	found := "x in " + inB
	if r.Kind != types.Map && u.List != nil && u.List.Kind == "map" {
		var same []string
		for _, k := range u.List.Keys {
			same = append(same, sel("x", k.JSONName)+" == "+sel("y", k.JSONName))
		}
		found = inB + ".exists(y, " + strings.Join(same, " && ") + ")"
	}
	return "!(" + presentAll(a, path) + ") || " + inA + ".all(x, (" + presentAll(b, path) + ") && " + found + ")"
}

// itemTransition writes eachVal's immutable and update=NoModify on list-map
// items and map values, which the server finds again in the old value by
// key: transition rules on the item.
func (c *crdCtx) itemTransition(elem *apiextv1.JSONSchemaProps, et *types.Type, r model.Rule) {
	if c.uncorrelatable {
		c.errs = append(c.errs, uncorrelatableError(r))
		return
	}
	same := c.goEqual("self", "oldSelf", gotype.Deref(et), 0)
	switch x := r.(type) {
	case model.Immutable:
		elem.XValidations = append(elem.XValidations, apiextv1.ValidationRule{Rule: same, Message: "field is immutable"})
	case model.Update:
		if slices.Contains(x.Constraints, "NoModify") {
			elem.XValidations = append(elem.XValidations, apiextv1.ValidationRule{Rule: same, Message: "field cannot be modified once set"})
		}
	case model.Monotonic:
		elem.XValidations = append(elem.XValidations, apiextv1.ValidationRule{Rule: "self >= oldSelf", Message: "may not be decreased"})
	}
}
