package generators

import (
	"fmt"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// applyRules puts the rules that apply to a present value on its schema:
// an OpenAPI keyword where one says the same, else a CEL rule on the value.
// With optional set, a zero value means "unset" (Go's optional on a
// non-pointer field), so a rule the zero value breaks is written as CEL
// that lets the zero value through.
func (c *crdCtx) applyRules(s *apiextv1.JSONSchemaProps, t *types.Type, rules []Rule, optional bool) {
	// The list type first: how eachVal is written depends on it.
	for _, r := range rules {
		if lt, ok := r.(ListType); ok {
			c.applyRule(s, t, lt)
		}
	}
	for _, r := range rules {
		if _, ok := r.(ListType); ok {
			continue
		}
		if optional && !zeroSatisfies(r, t) {
			c.guardedRule(s, t, r)
			continue
		}
		c.applyRule(s, t, r)
	}
}

// guardedRule applies a rule that the zero value breaks to a value whose
// zero means "unset": the zero value passes. Keywords are guarded with
// anyOf (the zero value, or the rule), which costs no CEL budget.
func (c *crdCtx) guardedRule(s *apiextv1.JSONSchemaProps, t *types.Type, r Rule) {
	switch x := r.(type) {
	case enumRule:
		// The zero value is one more allowed value.
		s.Enum = append(s.Enum, jsonValue(""))
		for _, e := range x.values {
			s.Enum = append(s.Enum, jsonValue(e.Value))
		}
		return
	case Format:
		boundForCEL(s, x)
	}
	expr, msg, ok := c.celCheck(r, "self", t)
	if !ok {
		c.applyRule(s, t, r)
		return
	}
	s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: zeroTest("self", t, true) + " || " + expr, Message: msg})
}

// notAtField marks what is built next as not a struct field's own value;
// the returned function restores the mark.
func (c *crdCtx) notAtField() func() {
	saved := c.atField
	c.atField = false
	return func() { c.atField = saved }
}

// boundForCEL bounds a string that a CEL format check reads: CEL's cost
// estimate needs the bound. The format names imply it, and no valid IP
// address is longer than 64 characters; beyond the bound, the server's
// TooLong rejects what Go's format check rejects.
func boundForCEL(s *apiextv1.JSONSchemaProps, f Format) {
	bound := map[string]int64{"k8s-short-name": 63, "k8s-long-name": 253, "k8s-ip": 64}[f.Name]
	if s.MaxLength == nil || *s.MaxLength > bound {
		s.MaxLength = ptrTo(bound)
	}
}

// setEachVal writes eachVal rules of a list-set on the list rather than on
// its items. The server never correlates the items of a set with the old
// list (only list-map items), so a rule on the items could not ratchet; Go
// lets an item through that the old list has. The error is at the list,
// not at the item (docs/crd-design.md).
func (c *crdCtx) setEachVal(s *apiextv1.JSONSchemaProps, t *types.Type, rules []Rule) bool {
	elem := elemSchema(s)
	if elem == nil || !c.atField || c.uncorrelatable {
		return false
	}
	et := elemType(t)
	type check struct{ expr, msg string }
	var checks []check
	for _, r := range rules {
		expr, msg, ok := c.celCheck(r, "x", et)
		if !ok {
			return false
		}
		if f, ok := r.(Format); ok {
			boundForCEL(elem, f)
		}
		checks = append(checks, check{expr, msg})
	}
	for _, ch := range checks {
		ch := ch
		c.fieldRatchet(s, func(v string) string { return v + ".all(x, " + ch.expr + ")" },
			"self.all(x, ("+ch.expr+") || x in oldSelf)", ch.msg)
	}
	return true
}

// setItemTypeRules writes the rules of the item type of a list-set (which
// valueSchema left off the items) as setEachVal does, or, where that
// cannot be done, on the items.
func (c *crdCtx) setItemTypeRules(s *apiextv1.JSONSchemaProps, t *types.Type) {
	et := elemType(t)
	rules := c.allRules(et, nil)
	if len(rules) == 0 || c.setEachVal(s, t, rules) {
		return
	}
	if elem := elemSchema(s); elem != nil {
		c.applyRules(elem, et, rules, false)
	}
}

// fieldRatchet writes a rule on the value of the field being built that,
// on update, lets through what Go lets through because of the old value:
// a transition rule on the value, which sees the old value only when the
// field had one, and a rule on the parent for every other case. One rule
// with optionalOldSelf would do, but the server's cost estimate does not
// know the size of oldSelf.value() and rejects it. Outside a field (an
// item of an item) or where the old value cannot be found, the rule does
// not ratchet.
func (c *crdCtx) fieldRatchet(s *apiextv1.JSONSchemaProps, check func(v string) string, transition, msg string) {
	if !c.atField || c.uncorrelatable {
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: check("self"), Message: msg})
		return
	}
	s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: transition, Message: msg})
	c.pendingParent = append(c.pendingParent, pendingRule{check: check, msg: msg})
}

// pendingRule is the parent's half of a fieldRatchet rule: it checks the
// field's value when the old parent had no such field (or there is no old
// parent, on create).
type pendingRule struct {
	check func(v string) string
	msg   string
}

// parentRule is the parent's rule of a pendingRule for the field f.
func (p pendingRule) parentRule(f *Field) apiextv1.ValidationRule {
	now := sel("self", f.JSONName)
	return apiextv1.ValidationRule{
		Rule:            "(oldSelf.hasValue() && has(" + sel("oldSelf.value()", f.JSONName) + ")) || !has(" + now + ") || " + p.check(now),
		Message:         p.msg,
		FieldPath:       "." + f.JSONName,
		OptionalOldSelf: ptrTo(true),
	}
}

func (c *crdCtx) applyRule(s *apiextv1.JSONSchemaProps, t *types.Type, r Rule) {
	switch x := r.(type) {
	case Minimum:
		s.Minimum = ptrTo(float64(x.N))
	case MaxLength:
		s.MaxLength = ptrTo(x.N)
	case MaxItems:
		s.MaxItems = ptrTo(x.N)
	case Format:
		switch x.Name {
		case "k8s-short-name", "k8s-long-name":
			s.Format = x.Name // formats the API server knows (1.34+)
		case "k8s-ip":
			// The server's ipv4/ipv6 formats are strict; Go's check is not.
			boundForCEL(s, x)
			expr, msg, _ := c.celCheck(x, "self", t)
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: expr, Message: msg})
		}
	case enumRule:
		for _, e := range x.values {
			s.Enum = append(s.Enum, jsonValue(e.Value))
		}
	case Item:
		// On the items, not the list: each item is checked where it is
		// (the error lands at [i], as in Go), and a rule on items costs far
		// less than a search of the list. Keys of a list-map are unique, so
		// "the first matching item" is "every matching item" in any list
		// that passes the uniqueness check.
		elem := elemSchema(s)
		if elem == nil {
			return
		}
		match := itemMatch(x.Selector, "self")
		for _, in := range c.resolveOptions(x.Rules) {
			expr, msg, ok := c.celCheck(in, "self", x.Selector.Elem)
			if !ok {
				c.errs = append(c.errs, &markers.Error{Pos: x.Pos, Tag: x.TagName(),
					Msg: "this chain has no CRD form in validation-gen yet: the CRD checks a rule chained after +k8s:item " +
						"with a CEL expression on the matched item, and validation-gen writes none there for " +
						"+k8s:eachVal, +k8s:eachKey, +k8s:listType, unions, +k8s:opaqueType or +k8s:rule",
					Fix: "if every item must satisfy the rule, put it on the field of the item's type itself (" +
						x.Selector.Elem.Name.Name + "), where the CRD schema carries it; otherwise generate this package without --crd-dir"})
				continue
			}
			if expr == "true" {
				continue
			}
			// Go checks the item's rule again only when the item (for a
			// sub-field's rule, the sub-field) changed; the server finds
			// the old item of a list-map by its keys.
			fieldPath, reason, unchanged := "", "", "self == oldSelf.value()"
			if sf, ok := in.(Subfield); ok {
				// The error is at the sub-field, as in Go; through a chain
				// of sub-fields (subfield("a")=+k8s:subfield("b")=...), at
				// the last, which is also the value Go's ratcheting
				// compares.
				chain := []*Field{sf.Field}
				inner := c.resolveOptions(sf.Rules)
				for len(inner) == 1 {
					next, ok := inner[0].(Subfield)
					if !ok {
						break
					}
					chain = append(chain, next.Field)
					inner = c.resolveOptions(next.Rules)
				}
				for _, f := range chain {
					fieldPath += "." + f.JSONName
				}
				reason = presenceReason(inner)
				unchanged = c.sameChain("self", "oldSelf.value()", chain)
			}
			elem.XValidations = append(elem.XValidations, c.transitionRule("!("+match+") || ("+expr+")", unchanged, msg, reason, fieldPath))
		}
	case ItemUnion:
		// Go checks it again only when which members are there changed.
		if _, msg, ok := c.celCheck(r, "self", t); ok {
			members := func(v string) string {
				var out []string
				for _, m := range x.Union.Members {
					out = append(out, fmt.Sprintf("%s.exists(i, %s)", v, itemMatch(m.Item, "i")))
				}
				return "[" + strings.Join(out, ", ") + "]"
			}
			check := func(v string) string { e, _, _ := c.celCheck(r, v, t); return e }
			c.fieldRatchet(s, check, "("+check("self")+") || "+members("self")+" == "+members("oldSelf"), msg)
		}
	case NEQ:
		expr, msg, ok := c.celCheck(r, "self", t)
		if ok {
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: expr, Message: msg})
		}
	case EachVal:
		if s.XListType != nil && *s.XListType == "set" && c.setEachVal(s, t, c.resolveOptions(x.Rules)) {
			return
		}
		elem := elemSchema(s)
		if elem != nil {
			defer c.notAtField()()
			c.applyRules(elem, elemType(t), c.resolveOptions(x.Rules), false)
		}
	case EachKey:
		for _, kr := range c.resolveOptions(x.Rules) {
			// Go lets a key through that the old map has.
			expr, msg, ok := c.celCheck(kr, "k", keyType(t))
			if ok {
				c.fieldRatchet(s, func(v string) string { return v + ".all(k, " + expr + ")" },
					"self.all(k, ("+expr+") || k in oldSelf)", msg)
			}
		}
	case Subfield:
		if s.Properties != nil {
			defer c.notAtField()()
			inner := c.resolveOptions(x.Rules)
			prop := s.Properties[x.JSONName]
			c.applyRules(&prop, x.Field.Go, inner, x.Field.Go.Kind != types.Pointer && hasRule[Optional](c.memberRules(t, x.Field.GoName)))
			s.Properties[x.JSONName] = prop
			// required and forbidden are about the sub-field's presence,
			// which its parent decides.
			if reason := presenceReason(inner); reason != "" {
				var presence []Rule
				for _, r := range inner {
					switch r.(type) {
					case Required, Forbidden:
						presence = append(presence, r)
					}
				}
				expr, msg, _ := c.celCheck(Subfield{Src: x.Src, JSONName: x.JSONName, Field: x.Field, Rules: presence}, "self", t)
				s.XValidations = append(s.XValidations, c.transitionRule(expr, c.sameField("self", "oldSelf.value()", x.JSONName, x.Field.Go), msg, reason, "."+x.JSONName))
			}
		}
	case ListType:
		s.XListType = ptrTo(x.Kind)
		if x.Kind == "map" {
			elem := elemSchema(s)
			for _, k := range x.Keys {
				s.XListMapKeys = append(s.XListMapKeys, k.JSONName)
				// The server needs list-map keys required or defaulted; Go
				// reads a missing key as its zero value, so default to it.
				if elem != nil && elem.Properties != nil {
					p := elem.Properties[k.JSONName]
					p.Default = &apiextv1.JSON{Raw: []byte(zeroJSON(k.Go))}
					elem.Properties[k.JSONName] = p
				}
			}
		}
	case CEL:
		s.XValidations = append(s.XValidations, celValidation(x))
		c.positions[strings.Join(append(append([]string{}, c.schemaPath...), fmt.Sprintf("x-kubernetes-validations[%d]", len(s.XValidations)-1)), ".")] = x.Pos
	case Required, Optional, Forbidden, Opaque, IfOption:
		// Presence is decided by the parent (presence); options were resolved.
	default:
		c.errs = append(c.errs, noCRDForm(r))
	}
}

// noCRDForm is the error for a rule the CRD emitter cannot write.
func noCRDForm(r Rule) error {
	return &markers.Error{Pos: r.At(), Tag: r.TagName(), Msg: "this rule has no CRD form in validation-gen yet",
		Fix: "generate this package without --crd-dir, or express the rule another way (validation-gen --docs lists the tags)"}
}

// presenceReason is the error type of a required or forbidden rule.
func presenceReason(rules []Rule) string {
	for _, r := range rules {
		switch r.(type) {
		case Required:
			return "FieldValueRequired"
		case Forbidden:
			return "FieldValueForbidden"
		}
	}
	return ""
}

// sameField is the CEL test that field name of a and of b hold one value,
// as Go compares them (absent is zero, except behind a pointer).
func (c *crdCtx) sameField(a, b, name string, t *types.Type) string {
	if zeroIsAbsent(t) {
		return accessor(a, []string{name}, t) + " == " + accessor(b, []string{name}, t)
	}
	x, y := sel(a, name), sel(b, name)
	return fmt.Sprintf("has(%s) == has(%s) && (!has(%s) || %s)", x, y, x, c.goEqual(x, y, derefType(t), 0))
}

// sameChain is sameField through a chain of sub-fields: the last field of
// the chain holds one value in a and in b, as Go compares it. A pointer on
// the way is unchanged when it is absent in both; a non-pointer struct on
// the way is read as it is (below list items, where item rules are, it is
// defaulted, so always there).
func (c *crdCtx) sameChain(a, b string, chain []*Field) string {
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
	mt := c.m.lookup(t)
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
	mt := c.m.lookup(t)
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
func (c *crdCtx) jsonFields(t *Type) []*Field {
	var out []*Field
	for _, f := range t.Fields {
		if f.Inline {
			if isMetaType(f.Go, "TypeMeta") || isMetaType(f.Go, "ObjectMeta") {
				continue
			}
			if inner := c.m.lookup(derefType(f.Go)); inner != nil {
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

func elemSchema(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s.Items != nil && s.Items.Schema != nil {
		return s.Items.Schema
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		return s.AdditionalProperties.Schema
	}
	return nil
}

func elemType(t *types.Type) *types.Type {
	r := resolve(derefType(t))
	if r.Elem != nil {
		return r.Elem
	}
	return r
}

func keyType(t *types.Type) *types.Type {
	r := resolve(derefType(t))
	if r.Key != nil {
		return r.Key
	}
	return r
}

// memberRules are the rules the struct t declares on its field goName.
func (c *crdCtx) memberRules(t *types.Type, goName string) []Rule {
	if mt := c.m.lookup(derefType(t)); mt != nil {
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
	return hasRule[Optional](rules) || hasRule[Required](rules) || hasRule[Forbidden](rules)
}

// liftedPresence writes, on the anchor (see crdCtx), what the Go validator
// decides from a field's zero value: required and forbidden, and, for a
// non-pointer field without a presence tag, the first rule its zero value
// breaks (Go validates the zero value of an absent field). The rule reads
// the field with absent parents as zero values, and ratchets against the
// old anchor's field read the same way.
func (c *crdCtx) liftedPresence(f *Field, rules []Rule) {
	path := append(append([]string{}, c.lift...), f.JSONName)
	const old = "oldSelf.value()"
	now, before := c.accessor("self", path, f.Go), c.accessor(old, path, f.Go)
	present, presentBefore := presentAll("self", path), presentAll(old, path)
	fieldPath := "." + strings.Join(path, ".")
	// unchanged is Go's ratcheting (the field's value is as it was) where
	// the rule fails: a rule that fails only on the zero value is
	// unchanged when the old value was zero too, which costs the server's
	// estimate less than comparing values (map values cannot be bounded).
	add := func(rule, unchanged, msg, reason string) {
		c.anchorRules = append(c.anchorRules, c.transitionRule(rule, unchanged, msg, reason, fieldPath))
	}
	ptr := f.Go.Kind == types.Pointer
	switch {
	case hasRule[Required](rules):
		if ptr {
			add(present, "!("+presentBefore+")", "Required value", "FieldValueRequired")
		} else {
			add("!("+zeroTest(now, f.Go, false)+")", zeroTest(before, f.Go, false), "Required value", "FieldValueRequired")
		}
	case hasRule[Forbidden](rules):
		if ptr {
			add("!("+present+")", presentBefore+" && ("+c.goEqual(sel("self", path...), sel(old, path...), f.Go.Elem, 0)+")", "Forbidden", "FieldValueForbidden")
		} else {
			add(zeroTest(now, f.Go, false), now+" == "+before, "Forbidden", "FieldValueForbidden")
		}
	case hasRule[Optional](rules), ptr:
	default:
		// Absent (here or above) is the zero value, which Go validates.
		for _, r := range c.allRules(f.Go, valueRules(rules, f.Go)) {
			if !zeroSatisfies(r, f.Go) {
				_, msg, _ := c.celCheck(r, "self", f.Go)
				add("!("+zeroTest(now, f.Go, false)+")", zeroTest(before, f.Go, false), msg, "")
				return
			}
		}
	}
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
	r := resolve(derefType(t))
	switch r.Kind {
	case types.Slice:
		return "[]"
	case types.Map:
		return "{}"
	case types.Builtin:
		switch kindOfBuiltin(r.Name.Name) {
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

// transitionRule is rule, except that it passes on an update where
// unchanged (a CEL test of self against oldSelf.value()) holds. Where the
// server cannot find the old value (below an item of a list that is not a
// list-map), it is rule alone: Go has no old value there either.
func (c *crdCtx) transitionRule(rule, unchanged, msg, reason, fieldPath string) apiextv1.ValidationRule {
	vr := apiextv1.ValidationRule{
		Rule:            "(" + rule + ") || (oldSelf.hasValue() && " + unchanged + ")",
		Message:         msg,
		FieldPath:       fieldPath,
		OptionalOldSelf: ptrTo(true),
	}
	if c.uncorrelatable {
		vr.Rule, vr.OptionalOldSelf = rule, nil
	}
	if reason != "" {
		r := apiextv1.FieldValueErrorReason(reason)
		vr.Reason = &r
	}
	return vr
}

// allRules are a value's rules at a place plus its type's own.
func (c *crdCtx) allRules(t *types.Type, rules []Rule) []Rule {
	out := append([]Rule{}, rules...)
	if mt := c.m.lookup(t); mt != nil {
		out = append(out, c.resolveOptions(mt.Rules)...)
		if len(mt.Enum) > 0 {
			out = append(out, enumRule{values: mt.Enum})
		}
	}
	return out
}

// enumRule stands for a type's +k8s:enum in zero-value checks.
type enumRule struct {
	Src
	values []EnumValue
}

// valueRules are the rules of a place that check its value (not presence).
func valueRules(rules []Rule, t *types.Type) []Rule {
	var out []Rule
	for _, r := range rules {
		switch r.(type) {
		case Required, Optional, Forbidden, Opaque:
		default:
			out = append(out, r)
		}
	}
	return out
}

// zeroSatisfies reports whether the zero value of t passes rule r.
func zeroSatisfies(r Rule, t *types.Type) bool {
	switch x := r.(type) {
	case Minimum:
		return x.N <= 0
	case Format:
		return false
	case NEQ:
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
	r := resolve(derefType(t))
	switch r.Kind {
	case types.Slice, types.Map:
		return "size(" + v + ") == 0"
	case types.Builtin:
		switch kindOfBuiltin(r.Name.Name) {
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
	r := resolve(derefType(t))
	switch r.Kind {
	case types.Builtin:
		switch kindOfBuiltin(r.Name.Name) {
		case "string":
			return `""`
		case "bool":
			return "false"
		}
		return "0"
	case types.Slice:
		if e := resolve(r.Elem); e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8") {
			return `""`
		}
		return "[]"
	case types.Map, types.Struct:
		return "{}"
	}
	return "null"
}

// celCheck is a CEL expression that holds when the value v passes rule r,
// with the message the Go validator gives.
func (c *crdCtx) celCheck(r Rule, v string, t *types.Type) (expr, msg string, ok bool) {
	switch x := r.(type) {
	case Minimum:
		return fmt.Sprintf("%s >= %d", v, x.N), fmt.Sprintf("must be greater than or equal to %d", x.N), true
	case MaxLength:
		return fmt.Sprintf("size(%s) <= %d", v, x.N), fmt.Sprintf("may not be more than %d characters", x.N), true
	case MaxItems:
		return fmt.Sprintf("size(%s) <= %d", v, x.N), fmt.Sprintf("must have at most %d items", x.N), true
	case Format:
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
		}
	case NEQ:
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
	case Item:
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
	case ItemUnion:
		var set []string
		for _, m := range x.Union.Members {
			set = append(set, fmt.Sprintf("%s.exists(i, %s)", v, itemMatch(m.Item, "i")))
		}
		count := "[" + strings.Join(set, ", ") + "].filter(x, x).size()"
		if x.Union.ZeroOrOne {
			return count + " <= 1", "must specify at most one of: " + displayNames(x.Union), true
		}
		return count + " == 1", "must specify exactly one of: " + displayNames(x.Union), true
	case Subfield:
		var checks []string
		sub := sel(v, x.JSONName)
		member := x.Field.Go
		presence := c.memberPresence(t, x.Field.GoName)
		if hasRule[Forbidden](c.memberRules(t, x.Field.GoName)) {
			return "true", "", true // Go skips the chained rules of a forbidden member
		}
		for _, in := range c.resolveOptions(x.Rules) {
			switch in.(type) {
			case Optional:
				continue // decides whether the other rules run (below)
			case Required:
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
			case Forbidden:
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

func itemMatch(s *ItemSelector, v string) string {
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

func displayNames(u *Union) string {
	var out []string
	for _, m := range u.Members {
		out = append(out, "`"+m.Display+"`")
	}
	return strings.Join(out, ", ")
}

// unionRules are the CEL rules of a struct's union.
func (c *crdCtx) unionRules(u *Union) []apiextv1.ValidationRule {
	// Members are read from the anchor, an absent parent being a zero value.
	pathOf := func(f *Field) []string { return append(append([]string{}, c.lift...), f.JSONName) }
	setIn := func(root string) string {
		var set []string
		for _, m := range u.Members {
			if m.Field.Go.Kind == types.Pointer {
				set = append(set, "("+presentAll(root, pathOf(m.Field))+")")
			} else {
				set = append(set, "!("+zeroTest(c.accessor(root, pathOf(m.Field), m.Field.Go), m.Field.Go, false)+")")
			}
		}
		return "[" + strings.Join(set, ", ") + "]"
	}
	set := setIn("self")
	count := set + ".filter(x, x).size()"
	// Go checks a union again only when which members are set (or the
	// discriminator) changed, not when a member's value changed.
	unchanged := set + " == " + setIn("oldSelf.value()")
	disc := ""
	if d := u.Discriminator; d != nil {
		disc = c.accessor("self", pathOf(d), d.Go)
		unchanged += " && " + disc + " == " + c.accessor("oldSelf.value()", pathOf(d), d.Go)
	}
	at := "" // Go reports a union's errors at its struct
	if len(c.lift) > 0 {
		at = "." + strings.Join(c.lift, ".")
	}
	switch {
	case u.ZeroOrOne:
		return []apiextv1.ValidationRule{c.transitionRule(count+" <= 1", unchanged, "must specify at most one of: "+displayNames(u), "", at)}
	case u.Discriminator != nil:
		var out []apiextv1.ValidationRule
		for i, m := range u.Members {
			out = append(out, c.transitionRule(fmt.Sprintf("%s[%d] == (%s == %s)", set, i, disc, celString(m.Value)), unchanged,
				fmt.Sprintf("must be set exactly when `%s` is %q", u.Discriminator.JSONName, m.Value), "", at+"."+m.Field.JSONName))
		}
		return out
	}
	return []apiextv1.ValidationRule{c.transitionRule(count+" == 1", unchanged, "must specify exactly one of: "+displayNames(u), "", at)}
}

// celString quotes a string for CEL.
func celString(s string) string { return strconv.Quote(s) }

// celValidation is the x-kubernetes-validations entry of a CEL rule.
func celValidation(x CEL) apiextv1.ValidationRule {
	vr := apiextv1.ValidationRule{Rule: x.Rule, Message: x.Message, MessageExpression: x.MessageExpression, FieldPath: x.FieldPath}
	if x.Reason != "" {
		r := apiextv1.FieldValueErrorReason(x.Reason)
		vr.Reason = &r
	}
	if x.OptionalOldSelf {
		vr.OptionalOldSelf = ptrTo(true)
	}
	return vr
}
