package crd

import (
	"fmt"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// applyRules puts the rules that apply to a present value on its schema:
// an OpenAPI keyword where one says the same, else a CEL rule on the value.
// With optional set, a zero value means "unset" (Go's optional on a
// non-pointer field), so a rule the zero value breaks is written as CEL
// that lets the zero value through.
func (c *crdCtx) applyRules(s *apiextv1.JSONSchemaProps, t *types.Type, rules []model.Rule, optional bool) {
	// The list type first: how eachVal is written depends on it.
	defer func(saved bool) { c.uniqueSet = saved }(c.uniqueSet)
	c.uniqueSet = false
	for _, r := range rules {
		if lt, ok := r.(model.ListType); ok {
			c.applyRule(s, t, lt)
			c.uniqueSet = lt.Unique && lt.Kind == "set"
		}
	}
	for _, r := range rules {
		if _, ok := r.(model.ListType); ok {
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
func (c *crdCtx) guardedRule(s *apiextv1.JSONSchemaProps, t *types.Type, r model.Rule) {
	switch x := r.(type) {
	case enumRule:
		// The zero value is one more allowed value.
		s.Enum = append(s.Enum, jsonValue(""))
		for _, e := range x.values {
			s.Enum = append(s.Enum, jsonValue(e.Value))
		}
		return
	case model.Format:
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
// estimate needs the bound. Beyond the bound, the server's TooLong rejects
// what Go's format check rejects.
func boundForCEL(s *apiextv1.JSONSchemaProps, f model.Format) {
	bound, ok := formatBounds[f.Name]
	if !ok {
		return
	}
	if s.MaxLength == nil || *s.MaxLength > bound {
		s.MaxLength = ptrTo(bound)
	}
}

// formatBounds are the longest valid values of the formats, in characters.
// Valid values of these formats are ASCII (but for k8s-ip, whose longest
// address is 64 characters, and k8s-long-name-caseless, see celexpr.go),
// so the byte limits of Go's checks are character limits. A label key is a
// 253-byte prefix, '/' and a 63-byte name; an extended resource name is
// one once "requests." is put in front. k8s-path-segment-name has no
// limit, nor has k8s-resource-fully-qualified-name, which Kubernetes does
// not check with two '/' or more: their CEL checks are written without a
// bound, and an unbounded list of them may not fit the cost budget
// (crd.Check says so; +k8s:maxLength bounds them).
var formatBounds = map[string]int64{
	"k8s-extended-resource-name": 253 - int64(len("requests.")) + 1 + 63,
	"k8s-ip":                     64,
	"k8s-label-key":              253 + 1 + 63,
	"k8s-label-value":            63,
	"k8s-long-name":              253,
	"k8s-long-name-caseless":     253,
	"k8s-prefixed-label-key":     253 + 1 + 63,
	"k8s-resource-pool-name":     253,
	"k8s-short-name":             63,
	"k8s-uuid":                   36,
}

// setEachVal writes eachVal rules of a list-set on the list rather than on
// its items. The server never correlates the items of a set with the old
// list (only list-map items), so a rule on the items could not ratchet; Go
// lets an item through that the old list has. The error is at the list,
// not at the item (docs/crd-design.md).
func (c *crdCtx) setEachVal(s *apiextv1.JSONSchemaProps, t *types.Type, rules []model.Rule) bool {
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
		if f, ok := r.(model.Format); ok {
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
func (p pendingRule) parentRule(f *model.Field) apiextv1.ValidationRule {
	now := sel("self", f.JSONName)
	return apiextv1.ValidationRule{
		Rule:            "(oldSelf.hasValue() && has(" + sel("oldSelf.value()", f.JSONName) + ")) || !has(" + now + ") || " + p.check(now),
		Message:         p.msg,
		FieldPath:       "." + f.JSONName,
		OptionalOldSelf: ptrTo(true),
	}
}

func (c *crdCtx) applyRule(s *apiextv1.JSONSchemaProps, t *types.Type, r model.Rule) {
	switch x := r.(type) {
	case model.Minimum:
		s.Minimum = ptrTo(float64(x.N))
	case model.Maximum:
		s.Maximum = ptrTo(float64(x.N))
	case model.MinLength:
		s.MinLength = ptrTo(x.N)
	case model.MaxLength:
		s.MaxLength = ptrTo(x.N)
	case model.MaxBytes:
		// No keyword counts bytes (maxLength counts characters).
		expr, msg, _ := c.celCheck(x, "self", t)
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: expr, Message: msg})
	case model.MinItems:
		s.MinItems = ptrTo(x.N)
	case model.MaxItems:
		s.MaxItems = ptrTo(x.N)
	case model.MinProperties:
		s.MinProperties = ptrTo(x.N)
	case model.MaxProperties:
		s.MaxProperties = ptrTo(x.N)
	case model.Format:
		switch x.Name {
		case "k8s-short-name", "k8s-long-name":
			s.Format = x.Name // formats the API server knows (1.34+)
		default:
			// The server knows no other k8s- format (its ipv4/ipv6 are
			// strict where k8s-ip is not, its uuid takes upper case and no
			// dashes): a CEL rule.
			boundForCEL(s, x)
			expr, msg, _ := c.celCheck(x, "self", t)
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: expr, Message: msg})
		}
	case enumRule:
		for _, e := range x.values {
			s.Enum = append(s.Enum, jsonValue(e.Value))
		}
		if len(x.values) == 0 {
			// Every constant is excluded under the CRD options: no value
			// is supported (an empty enum keyword would allow any).
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: "false", Message: "no value is supported"})
		}
	case model.Item:
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
			if sf, ok := in.(model.Subfield); ok {
				// The error is at the sub-field, as in Go; through a chain
				// of sub-fields (subfield("a")=+k8s:subfield("b")=...), at
				// the last, which is also the value Go's ratcheting
				// compares.
				chain := []*model.Field{sf.Field}
				inner := c.resolveOptions(sf.Rules)
				for len(inner) == 1 {
					next, ok := inner[0].(model.Subfield)
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
	case model.ItemUnion:
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
	case model.NEQ:
		expr, msg, ok := c.celCheck(r, "self", t)
		if ok {
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: expr, Message: msg})
		}
	case model.Immutable, model.Update, model.Monotonic:
		if c.atField {
			return // on the anchor (updateRules)
		}
		c.itemTransition(s, t, r)
	case model.EachVal:
		// A list-set's items (and those of an atomic list made unique by
		// value) ratchet by value: their rules go on the list.
		if (s.XListType != nil && *s.XListType == "set" || c.uniqueSet) && c.setEachVal(s, t, c.resolveOptions(x.Rules)) {
			return
		}
		elem := elemSchema(s)
		if elem != nil {
			defer c.notAtField()()
			if s.Type == "array" && (s.XListType == nil || *s.XListType != "map") {
				// The server finds no old item in a list that is not a
				// list-map.
				defer func(saved bool) { c.uncorrelatable = saved }(c.uncorrelatable)
				c.uncorrelatable = true
			}
			c.applyRules(elem, elemType(t), c.resolveOptions(x.Rules), false)
		}
	case model.EachKey:
		for _, kr := range c.resolveOptions(x.Rules) {
			// Go lets a key through that the old map has.
			expr, msg, ok := c.celCheck(kr, "k", keyType(t))
			if ok {
				c.fieldRatchet(s, func(v string) string { return v + ".all(k, " + expr + ")" },
					"self.all(k, ("+expr+") || k in oldSelf)", msg)
			}
		}
	case model.Subfield:
		if s.Properties != nil {
			defer c.notAtField()()
			inner := c.resolveOptions(x.Rules)
			prop := s.Properties[x.JSONName]
			c.applyRules(&prop, x.Field.Go, inner, x.Field.Go.Kind != types.Pointer && model.HasRule[model.Optional](c.memberRules(t, x.Field.GoName)))
			s.Properties[x.JSONName] = prop
			// required and forbidden are about the sub-field's presence,
			// which its parent decides.
			if reason := presenceReason(inner); reason != "" {
				var presence []model.Rule
				for _, r := range inner {
					switch r.(type) {
					case model.Required, model.Forbidden:
						presence = append(presence, r)
					}
				}
				expr, msg, _ := c.celCheck(model.Subfield{Src: x.Src, JSONName: x.JSONName, Field: x.Field, Rules: presence}, "self", t)
				s.XValidations = append(s.XValidations, c.transitionRule(expr, c.sameField("self", "oldSelf.value()", x.JSONName, x.Field.Go), msg, reason, "."+x.JSONName))
			}
		}
	case model.ListType:
		if x.CustomUnique && x.Kind != "atomic" && !x.Unique {
			c.errs = append(c.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
				Msg: "+k8s:customUnique leaves the items' uniqueness to handwritten code, but the API server checks it itself for a listType=" + x.Kind + " list of a CRD",
				Fix: "remove +k8s:customUnique (the generated check is the server's), or generate this package without --crd-dir"})
			return
		}
		if x.Unique {
			// The list stays atomic for server-side apply; a rule on the
			// list checks what listType=set or map would.
			s.XListType = ptrTo("atomic")
			if !x.CustomUnique && c.enforces(x.Level) {
				s.XValidations = append(s.XValidations, uniqueRule(x))
			}
			return
		}
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
	case model.CEL:
		s.XValidations = append(s.XValidations, celValidation(x))
		c.positions[strings.Join(append(append([]string{}, c.schemaPath...), fmt.Sprintf("x-kubernetes-validations[%d]", len(s.XValidations)-1)), ".")] = x.Pos
	case model.Required, model.Optional, model.Forbidden, model.Opaque, model.IfOption:
		// Presence is decided by the parent (presence); options were resolved.
	case model.Custom:
		if c.enforces(x.Level) {
			c.errs = append(c.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
				Msg: "+k8s:customValidation calls Go code (" + x.Func + "), which an API server serving a CRD cannot run: the CRD would not check it",
				Fix: "express the rule as a +k8s:rule (CEL) or other tags, serve the Go validator from a validating webhook, or generate this package without --crd-dir"})
		}
	case model.Fixed:
		if !x.Pass {
			c.errs = append(c.errs, fixedNoCRDForm(x))
		}
	default:
		c.errs = append(c.errs, noCRDForm(r))
	}
}

// fixedNoCRDForm is the error for +k8s:validateFalse with --crd-dir. The Go
// check fails wherever its place is checked, an absent (zero) field too,
// and its flags and cohorts order it among the place's checks; a rule
// "false" on a property runs only when the property is there, and alone.
// The CRD would accept objects the Go validator rejects.
func fixedNoCRDForm(x model.Fixed) error {
	return &markers.Error{Pos: x.Pos, Tag: x.Tag,
		Msg: "+k8s:validateFalse, a test tag that always fails, has no CRD form: the server runs an x-kubernetes-validations rule only where the field is present, so a CRD would accept objects the Go validator rejects",
		Fix: "remove it from APIs written as CRDs (behind +k8s:alpha it is not enforced with the default --crd-stability), or generate this package without --crd-dir"}
}

// uniqueRule is +k8s:unique on an atomic list: every item is the only one
// of its value (set) or of its keys (map), a missing key read as its zero
// value as Go reads it. The server reports it at the list, where Go
// reports Duplicate at the later item (docs/crd-design.md).
func uniqueRule(lt model.ListType) apiextv1.ValidationRule {
	same := "y == x"
	if lt.Kind == "map" {
		var keys []string
		for _, k := range lt.Keys {
			zero := zeroCEL(k.Go)
			if k.Go.Kind == types.Pointer {
				zero = "null"
			}
			read := func(v string) string {
				return fmt.Sprintf("(has(%s) ? %s : %s)", sel(v, k.JSONName), sel(v, k.JSONName), zero)
			}
			keys = append(keys, read("y")+" == "+read("x"))
		}
		same = strings.Join(keys, " && ")
	}
	reason := apiextv1.FieldValueDuplicate
	return apiextv1.ValidationRule{
		Rule:    "self.all(x, self.exists_one(y, " + same + "))",
		Message: "items must be unique",
		Reason:  &reason,
	}
}

// noCRDForm is the error for a rule the CRD emitter cannot write.
func noCRDForm(r model.Rule) error {
	return &markers.Error{Pos: r.At(), Tag: r.TagName(), Msg: "this rule has no CRD form in validation-gen yet",
		Fix: "generate this package without --crd-dir, or express the rule another way (validation-gen --docs lists the tags)"}
}

// presenceReason is the error type of a required or forbidden rule.
func presenceReason(rules []model.Rule) string {
	for _, r := range rules {
		switch r.(type) {
		case model.Required:
			return "FieldValueRequired"
		case model.Forbidden:
			return "FieldValueForbidden"
		}
	}
	return ""
}

// liftedPresence writes, on the anchor (see crdCtx), what the Go validator
// decides from a field's zero value: required and forbidden, and, for a
// non-pointer field without a presence tag, the first rule its zero value
// breaks (Go validates the zero value of an absent field). The rule reads
// the field with absent parents as zero values, and ratchets against the
// old anchor's field read the same way.
func (c *crdCtx) liftedPresence(f *model.Field, rules []model.Rule) {
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
	case model.HasRule[model.Required](rules):
		if ptr {
			add(present, "!("+presentBefore+")", "Required value", "FieldValueRequired")
		} else {
			add("!("+zeroTest(now, f.Go, false)+")", zeroTest(before, f.Go, false), "Required value", "FieldValueRequired")
		}
	case model.HasRule[model.Forbidden](rules):
		if ptr {
			add("!("+present+")", presentBefore+" && ("+c.goEqual(sel("self", path...), sel(old, path...), f.Go.Elem, 0)+")", "Forbidden", "FieldValueForbidden")
		} else {
			add(zeroTest(now, f.Go, false), now+" == "+before, "Forbidden", "FieldValueForbidden")
		}
	case model.HasRule[model.Optional](rules), ptr:
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
func (c *crdCtx) allRules(t *types.Type, rules []model.Rule) []model.Rule {
	out := append([]model.Rule{}, rules...)
	if mt := c.m.Lookup(t); mt != nil {
		out = append(out, c.resolveOptions(mt.Rules)...)
		if len(mt.Enum) > 0 && c.enforces(mt.EnumLevel) {
			out = append(out, enumRule{values: c.enumOf(mt)})
		}
	}
	return out
}

// enumOf is the values of an enum type under the CRD options: a value
// excluded (+k8s:enumExclude under ifEnabled/ifDisabled) while its option
// has the state the options give it is left out.
func (c *crdCtx) enumOf(mt *model.Type) []model.EnumValue {
	out := []model.EnumValue{}
	for _, v := range mt.Enum {
		excluded := false
		for _, x := range v.Exclusions {
			if c.options[x.Option] == x.ExcludeWhen {
				excluded = true
			}
		}
		if !excluded {
			out = append(out, v)
		}
	}
	return out
}

// enumRule stands for a type's +k8s:enum in zero-value checks.
type enumRule struct {
	model.Src
	values []model.EnumValue
}

// valueRules are the rules of a place that check its value (not presence).
func valueRules(rules []model.Rule, t *types.Type) []model.Rule {
	var out []model.Rule
	for _, r := range rules {
		switch r.(type) {
		case model.Required, model.Optional, model.Forbidden, model.Opaque:
		default:
			out = append(out, r)
		}
	}
	return out
}

// unionRules are the CEL rules of a struct's union.
func (c *crdCtx) unionRules(u *model.Union) []apiextv1.ValidationRule {
	if !c.enforces(u.Level) {
		return nil
	}
	setIn := func(root string) string {
		var set []string
		for _, m := range u.Members {
			set = append(set, c.fieldSet(root, m.Field))
		}
		return "[" + strings.Join(set, ", ") + "]"
	}
	pathOf := c.liftedPath
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

// liftedPath is a field's JSON path from the anchor the struct's rules
// are written on.
func (c *crdCtx) liftedPath(f *model.Field) []string {
	return append(append([]string{}, c.lift...), f.JSONName)
}

// fieldSet is the CEL test "the field is set", as Go's generated code
// tests it (a non-nil pointer, a non-zero value), read from root through
// the lifted path, an absent parent being a zero value.
func (c *crdCtx) fieldSet(root string, f *model.Field) string {
	if f.Go.Kind == types.Pointer {
		return "(" + presentAll(root, c.liftedPath(f)) + ")"
	}
	return "!(" + zeroTest(c.accessor(root, c.liftedPath(f), f.Go), f.Go, false) + ")"
}

// dependencyRule is a struct's dependentRequired or dependentForbidden,
// reported at the dependent field; like Go, it is not checked again on an
// update that left both fields set or unset as they were. A dependency
// under an option is resolved with the CRD options.
func (c *crdCtx) dependencyRules(d model.Dependency) []apiextv1.ValidationRule {
	if !c.enforces(d.Level) || (d.Option != nil && c.options[d.Option.Name] != d.Option.Enabled) {
		return nil
	}
	trig, dep := c.fieldSet("self", d.Trigger), c.fieldSet("self", d.Dependent)
	unchanged := trig + " == " + c.fieldSet("oldSelf.value()", d.Trigger) + " && " + dep + " == " + c.fieldSet("oldSelf.value()", d.Dependent)
	at := "." + strings.Join(c.liftedPath(d.Dependent), ".")
	if d.Forbidden {
		return []apiextv1.ValidationRule{c.transitionRule("!"+trig+" || !"+dep, unchanged,
			"may not be set when "+d.Trigger.JSONName+" is set", string(apiextv1.FieldValueForbidden), at)}
	}
	return []apiextv1.ValidationRule{c.transitionRule("!"+trig+" || "+dep, unchanged,
		"must be set when "+d.Trigger.JSONName+" is set", string(apiextv1.FieldValueRequired), at)}
}

// celValidation is the x-kubernetes-validations entry of a CEL rule.
func celValidation(x model.CEL) apiextv1.ValidationRule {
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
