package generators

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"regexp"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// CEL rules (+k8s:rule) are evaluated in Go by the API server's own CEL
// validator (runtime/celrules) on a schema of the type they belong to:
// the type's structure, with x-kubernetes-validations only where the type
// declares rules (on itself and on its fields). The rules of the types it
// contains are evaluated by their own validation functions, which the
// generated code calls as for every other check. The same schema, inside a
// CustomResourceDefinition, is what generation validates the rules with.

const pkgCELRules = "github.com/declval/validation-gen/runtime/celrules"

// celRules lists the CEL rules of a type: on itself, then by field (the
// fields of inline members included, as JSON flattens them).
func (m *Model) celRules(t *Type) (own []CEL, byField map[string][]CEL) {
	for _, r := range t.Rules {
		if x, ok := r.(CEL); ok {
			own = append(own, x)
		}
	}
	byField = map[string][]CEL{}
	var fields func(t *Type, depth int)
	fields = func(t *Type, depth int) {
		for _, f := range t.Fields {
			if f.Inline {
				if inner := m.lookup(derefType(f.Go)); inner != nil && depth < 8 {
					fields(inner, depth+1)
				}
				continue
			}
			for _, r := range f.Rules {
				if x, ok := r.(CEL); ok {
					byField[f.JSONName] = append(byField[f.JSONName], x)
				}
			}
		}
	}
	fields(t, 0)
	return own, byField
}

func (m *Model) hasCEL(t *Type) bool {
	if t.Go.Kind != types.Struct {
		return false
	}
	own, byField := m.celRules(t)
	return len(own) > 0 || len(byField) > 0
}

// celSchema is the schema of t for its own CEL rules, and where each rule
// is in it (for errors). With inItem, it is the schema of t below a list
// item or a map value, where the CRD defaults non-pointer fields to their
// zero values (docs/crd-design.md), which the rules then see.
func (m *Model) celSchema(t *Type, inItem bool) (*apiextv1.JSONSchemaProps, schemaPos) {
	c := &crdCtx{m: m, positions: schemaPos{}, inItem: inItem}
	var s apiextv1.JSONSchemaProps
	if isKind(t.Go) {
		s = *c.rootSchema(t)
	} else {
		s = c.structSchema(t, false)
	}
	stripValidations(&s)
	pos := schemaPos{}
	own, byField := m.celRules(t)
	for i, r := range own {
		s.XValidations = append(s.XValidations, celValidation(r))
		pos[fmt.Sprintf("x-kubernetes-validations[%d]", i)] = r.Pos
	}
	for name, rules := range byField {
		p := s.Properties[name]
		for i, r := range rules {
			p.XValidations = append(p.XValidations, celValidation(r))
			pos[fmt.Sprintf("properties[%s].x-kubernetes-validations[%d]", name, i)] = r.Pos
		}
		s.Properties[name] = p
	}
	return &s, pos
}

// stripValidations removes every x-kubernetes-validations entry below s.
func stripValidations(s *apiextv1.JSONSchemaProps) {
	s.XValidations = nil
	for k, p := range s.Properties {
		stripValidations(&p)
		s.Properties[k] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		stripValidations(s.Items.Schema)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		stripValidations(s.AdditionalProperties.Schema)
	}
	for i := range s.AnyOf {
		stripValidations(&s.AnyOf[i])
	}
}

// checkCELRules compiles the CEL rules of every type, each against its
// type's schema, as the API server does when a CRD is created: syntax,
// types, transition rules on values the server can correlate, and the
// estimated cost. A type that is not a kind is checked as the one field of
// a CRD, so the cost of a rule here is a lower bound of its cost inside a
// list; CRD output checks every rule again in its place.
func (m *Model) checkCELRules() []error {
	var errs []error
	var names []string
	byName := map[string]*Type{}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if m.hasCEL(t) {
				n := t.Go.Name.String()
				names = append(names, n)
				byName[n] = t
			}
		}
	}
	sort.Strings(names)
	errs = append(errs, m.checkTransitionPlaces()...)
	for _, n := range names {
		t := byName[n]
		s, pos := m.celSchema(t, false)
		root := s
		if !isKind(t.Go) {
			root = &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{"value": *s}}
			shifted := schemaPos{}
			for k, v := range pos {
				shifted["properties[value]."+k] = v
			}
			pos = shifted
		}
		crd := &apiextv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{Name: "checks.validation-gen.local"},
			Spec: apiextv1.CustomResourceDefinitionSpec{
				Group: "validation-gen.local", Scope: apiextv1.NamespaceScoped,
				Names: apiextv1.CustomResourceDefinitionNames{Plural: "checks", Singular: "check", Kind: "Check", ListKind: "CheckList"},
				Versions: []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
					Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: root}}},
			},
		}
		var costs map[token.Position]ruleCost
		for _, err := range checkCRD(crd, []schemaPos{pos}, t.Pos) {
			if e, ok := err.(*markers.Error); ok {
				msgExpr := strings.Contains(e.Msg, ".messageExpression: ")
				e.Msg = strings.Replace(e.Msg, "the API server would reject CRD checks.validation-gen.local at ", "CEL rule of "+t.Go.Name.Name+": the API server would reject it at ", 1)
				e.Msg = strings.Replace(e.Msg, "properties[value].", "", 1)
				if strings.Contains(e.Msg, "cost") {
					if costs == nil {
						costs = m.ruleCosts(t, s)
					}
					if c, ok := costs[e.Pos]; ok {
						what, n := "rule", c.rule
						if msgExpr {
							what, n = "messageExpression", c.message
						}
						e.Msg += fmt.Sprintf(" (the %s's estimated cost is %d per evaluation; the server allows %d per rule, counting every evaluation in the lists and maps above it)", what, n, validation.StaticEstimatedCostLimit)
					}
				}
				if msgExpr && strings.Contains(e.Msg, "cost") {
					e.Fix = "make the messageExpression cheaper: the server's estimate bounds no string built with string() of a number, and needs +k8s:maxItems and +k8s:maxLength on the lists and strings it reads; or use message"
				}
			}
			errs = append(errs, err)
		}
	}
	return m.withRuleTags(errs)
}

// celRulesVar declares the Rules of a type, in its package's file, and
// returns the statement that evaluates them in ValidateAt_<Type>.
func (e *goEmitter) celRulesCall(t *Type, path *pathVar) []jen.Code {
	schemaLit := func(s *apiextv1.JSONSchemaProps) jen.Code {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			panic(fmt.Sprintf("validation-gen: marshaling the CEL schema of %s: %v", t.Go.Name, err))
		}
		if !strings.Contains(buf.String(), "`") {
			return jen.Id("`" + strings.TrimSpace(buf.String()) + "`") // readable in the generated file
		}
		return jen.Lit(strings.TrimSpace(buf.String()))
	}
	s, _ := e.m.celSchema(t, false)
	v := "celRules_" + t.Go.Name.Name
	e.f.Commentf("%s are the CEL rules of %s, with the schema they are compiled against.", v, t.Go.Name.Name)
	if e.m.belowItems(t) {
		// Below a list item or a map value, the CRD defaults the type's
		// non-pointer fields: there the rules see them always.
		item, _ := e.m.celSchema(t, true)
		e.f.Var().Id(v).Op("=").Qual(pkgCELRules, "NewWithItemSchema").Call(schemaLit(s), schemaLit(item), jen.Lit(isKind(t.Go)))
	} else {
		e.f.Var().Id(v).Op("=").Qual(pkgCELRules, "New").Call(schemaLit(s), jen.Lit(isKind(t.Go)))
	}
	e.f.Line()
	return []jen.Code{
		jen.Comment("CEL rules (+k8s:rule), evaluated as the API server evaluates them"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgCELRules, "ValidateIn").Call(
			jen.Id("ctx"), jen.Id(v), jen.Id("op"), path.field(), path.inItem(), jen.Id("obj"), jen.Id("oldObj")).Op("...")),
	}
}

// belowItems reports whether a value of type t can be a list item or a
// map value, or be below one, in the types of the model.
func (m *Model) belowItems(t *Type) bool {
	if m.itemTypes == nil {
		m.itemTypes = map[*Type]bool{}
		for _, p := range m.Packages {
			for _, pt := range p.Types {
				var elems []*types.Type
				if r := resolve(derefType(pt.Go)); r.Kind == types.Slice || r.Kind == types.Array || r.Kind == types.Map {
					elems = append(elems, r.Elem)
				}
				for _, f := range pt.Fields {
					if r := resolve(derefType(f.Go)); r.Kind == types.Slice || r.Kind == types.Array || r.Kind == types.Map {
						elems = append(elems, r.Elem)
					}
				}
				for _, el := range elems {
					for _, below := range m.typesBelow(el) {
						m.itemTypes[below] = true
					}
				}
			}
		}
	}
	return m.itemTypes[t]
}

var (
	pkgPathRE    = regexp.MustCompile(`[\w.\-]+/`)
	celStringLit = regexp.MustCompile(`'(\\.|[^'\\])*'|"(\\.|[^"\\])*"`)
	celOldSelf   = regexp.MustCompile(`\boldSelf\b`)
)

// isTransition reports whether a rule reads oldSelf (outside string
// literals): the server runs it only where it can find the old value.
func isTransition(r CEL) bool {
	return celOldSelf.MatchString(celStringLit.ReplaceAllString(r.Rule, "''"))
}

// checkTransitionPlaces reports transition rules below the items of a list
// that is not a list-map: the server cannot correlate those items with the
// old list, and rejects such a rule in a CRD (Go would never run it).
func (m *Model) checkTransitionPlaces() []error {
	transition := map[*Type][]CEL{}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			own, byField := m.celRules(t)
			for _, r := range own {
				if isTransition(r) {
					transition[t] = append(transition[t], r)
				}
			}
			for _, rules := range byField {
				for _, r := range rules {
					if isTransition(r) {
						transition[t] = append(transition[t], r)
					}
				}
			}
		}
	}
	if len(transition) == 0 {
		return nil
	}
	var errs []error
	reported := map[token.Position]bool{}
	report := func(t *Type, f *Field, lt string, elem *types.Type) {
		for _, below := range m.typesBelow(elem) {
			for _, rule := range transition[below] {
				if reported[rule.Pos] {
					continue
				}
				reported[rule.Pos] = true
				errs = append(errs, &markers.Error{Pos: rule.Pos, Tag: rule.Tag,
					Msg: fmt.Sprintf("this transition rule (it reads oldSelf) of %s is below the items of %s.%s (%s), whose list type is %s: the API server cannot find the old value of its items, and rejects the rule",
						below.Go.Name.Name, t.Go.Name.Name, f.GoName, f.Pos, lt),
					Fix: "make the list a list-map (+k8s:listType=map with +k8s:listMapKey), or write the rule without oldSelf"})
			}
		}
	}
	// walk finds the lists in a field's value that are not list-maps: the
	// field's own (its listType on the field or on its type), and lists in
	// lists and map values, which no tag makes list-maps unless their type
	// does. Structs are walked as types of their own.
	var walk func(t *Type, f *Field, vt *types.Type, lt string, depth int)
	walk = func(t *Type, f *Field, vt *types.Type, lt string, depth int) {
		if vt == nil || depth > 8 {
			return
		}
		if vt.Kind == types.Pointer {
			walk(t, f, vt.Elem, lt, depth+1)
			return
		}
		if lt == "" {
			if mt := m.lookup(vt); mt != nil {
				lt = listTypeOf(mt.Rules)
			}
		}
		r := resolve(vt)
		switch r.Kind {
		case types.Slice, types.Array:
			if lt == "map" {
				return
			}
			if lt == "" {
				lt = "atomic"
			}
			report(t, f, lt, r.Elem)
		case types.Map:
			walk(t, f, r.Elem, "", depth+1)
		case types.Pointer:
			walk(t, f, r, lt, depth+1)
		}
	}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			for _, f := range t.Fields {
				walk(t, f, f.Go, listTypeOf(f.Rules), 0)
			}
		}
	}
	return errs
}

func listTypeOf(rules []Rule) string {
	for _, r := range rules {
		if lt, ok := r.(ListType); ok {
			return lt.Kind
		}
	}
	return ""
}

// typesBelow lists the model types a value of type t holds, t included.
func (m *Model) typesBelow(t *types.Type) []*Type {
	var out []*Type
	seen := map[*types.Type]bool{}
	var walk func(t *types.Type)
	walk = func(t *types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if mt := m.lookup(t); mt != nil {
			out = append(out, mt)
			for _, f := range mt.Fields {
				walk(f.Go)
			}
		}
		switch t.Kind {
		case types.Pointer, types.Slice, types.Array, types.Map, types.Alias:
			walk(t.Elem)
			if t.Kind == types.Alias {
				walk(t.Underlying)
			}
		}
	}
	walk(t)
	return out
}

// ruleCost is the estimated cost of a rule and of its messageExpression.
type ruleCost struct{ rule, message uint64 }

// ruleCosts compiles the rules of a type's schema s (on the type and on
// its fields, in the order celSchema wrote them) with the server's CEL
// environment, for the estimated cost of each, by the rule's position.
func (m *Model) ruleCosts(t *Type, s *apiextv1.JSONSchemaProps) map[token.Position]ruleCost {
	out := map[token.Position]ruleCost{}
	node := func(v1 *apiextv1.JSONSchemaProps, root bool, rules []CEL) {
		if len(rules) == 0 {
			return
		}
		var internal apiextensions.JSONSchemaProps
		if apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v1, &internal, nil) != nil {
			return
		}
		st, err := structuralschema.NewStructural(&internal)
		if err != nil {
			return
		}
		results, err := schemacel.Compile(st, model.SchemaDeclType(st, root), celconfig.PerCallLimit,
			environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()), schemacel.NewExpressionsEnvLoader())
		if err != nil {
			return
		}
		for i, r := range results {
			if i < len(rules) && r.Error == nil {
				out[rules[i].Pos] = ruleCost{r.MaxCost, r.MessageExpressionMaxCost}
			}
		}
	}
	own, byField := m.celRules(t)
	node(s, isKind(t.Go), own)
	for name, rules := range byField {
		p := s.Properties[name]
		node(&p, false, rules)
	}
	return out
}

// The API server never ratchets a transition rule (one that reads oldSelf):
// on an update it evaluates it wherever it finds the old value, also on a
// value that did not change, where the generated Go code validates nothing
// again. So where the Go code skips an unchanged value that holds
// transition rules (its own, or its fields', items' and values', at any
// depth), it evaluates those rules instead (celrules.ValidateUnchanged),
// on a schema of the value that holds them in their places. (A rule that
// holds whenever self == oldSelf, such as immutability, cannot fail there;
// one such as "self != oldSelf" can.)

// transitionTypes are the model types with transition rules of their own
// or on their fields.
func (m *Model) transitionTypes() map[*Type]bool {
	if m.transitions == nil {
		m.transitions = map[*Type]bool{}
		for _, p := range m.Packages {
			for _, t := range p.Types {
				own, byField := m.celRules(t)
				for _, r := range own {
					if isTransition(r) {
						m.transitions[t] = true
					}
				}
				for _, rules := range byField {
					for _, r := range rules {
						if isTransition(r) {
							m.transitions[t] = true
						}
					}
				}
			}
		}
	}
	return m.transitions
}

// transitionsBelow reports whether a value of Go type t holds transition
// rules of types of this run.
func (m *Model) transitionsBelow(t *types.Type) bool {
	tt := m.transitionTypes()
	if len(tt) == 0 {
		return false
	}
	for _, below := range m.typesBelow(t) {
		if tt[below] && below.Pkg != nil {
			return true
		}
	}
	return false
}

// transitionSchema is the schema of a value of Go type t with only the
// transition rules written by the API author (at every depth), as the CRD
// places them. With inItem, it is the schema below a list item or a map
// value, where the CRD defaults non-pointer fields.
//
// rules are the rules of the place that decide the value's shape (its
// listType: the server correlates the items of a list-map only).
func (m *Model) transitionSchema(t *types.Type, rules []Rule, inItem bool) *apiextv1.JSONSchemaProps {
	keep := map[string]bool{}
	for mt := range m.transitionTypes() {
		own, byField := m.celRules(mt)
		for _, rules := range append([][]CEL{own}, mapValuesSorted(byField)...) {
			for _, r := range rules {
				if isTransition(r) {
					b, _ := json.Marshal(celValidation(r))
					keep[string(b)] = true
				}
			}
		}
	}
	c := &crdCtx{m: m, positions: schemaPos{}, inItem: inItem}
	s := c.valueSchema(t, rules, false, false)
	var filter func(s *apiextv1.JSONSchemaProps)
	filter = func(s *apiextv1.JSONSchemaProps) {
		var kept []apiextv1.ValidationRule
		for _, v := range s.XValidations {
			if b, _ := json.Marshal(v); keep[string(b)] {
				kept = append(kept, v)
			}
		}
		s.XValidations = kept
		for k, p := range s.Properties {
			filter(&p)
			s.Properties[k] = p
		}
		if s.Items != nil && s.Items.Schema != nil {
			filter(s.Items.Schema)
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			filter(s.AdditionalProperties.Schema)
		}
		for i := range s.AnyOf {
			filter(&s.AnyOf[i])
		}
		for i := range s.AllOf {
			filter(&s.AllOf[i])
		}
	}
	filter(&s)
	return &s
}

func mapValuesSorted(m map[string][]CEL) [][]CEL {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]CEL, 0, len(keys))
	for _, k := range keys {
		out = append(out, m[k])
	}
	return out
}

// unchangedTransitions is the code that evaluates the transition rules
// held by the value at pl when it did not change (the else branch of its
// update gate), or nil when it holds none.
func (c *fnCtx) unchangedTransitions(pl place) []jen.Code {
	vt := pl.valueType()
	if hasOpaque(pl.rules) || hasRule[Forbidden](pl.rules) || !c.e.m.transitionsBelow(vt) {
		return nil
	}
	var shape []Rule
	key := vt.String()
	for _, r := range pl.rules {
		if lt, ok := r.(ListType); ok {
			shape = append(shape, lt)
			key += fmt.Sprintf(" %s%v", lt.Kind, lt.Keys)
		}
	}
	v, ok := c.e.transitionVars[key]
	if !ok {
		if c.e.transitionVars == nil {
			c.e.transitionVars = map[string]string{}
		}
		v = fmt.Sprintf("celTransitions%d", len(c.e.transitionVars))
		c.e.transitionVars[key] = v
		plain := c.e.m.transitionSchema(vt, shape, false)
		item := c.e.m.transitionSchema(vt, shape, true)
		c.e.post = append(c.e.post,
			jen.Commentf("%s are the transition rules held by a value of type %s, which the API server evaluates also when the value did not change.", v, pkgPathRE.ReplaceAllString(vt.String(), "")),
			jen.Var().Id(v).Op("=").Qual(pkgCELRules, "NewWithItemSchema").Call(schemaLit(vt, plain), schemaLit(vt, item), jen.False()),
			jen.Line())
	}
	obj := jen.Id(pl.v)
	var pre []jen.Code
	if pl.local && !pl.isPtr() {
		// A copy keeps the loop variable off the heap but here.
		cp := c.name("cp")
		pre = append(pre, jen.Id(cp).Op(":=").Op("*").Id(pl.v))
		obj = jen.Op("&").Id(cp)
	}
	return append(pre, jen.Comment("the transition rules below, which the API server evaluates also on an unchanged value"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgCELRules, "ValidateUnchanged").Call(
			jen.Id("ctx"), jen.Id(v), jen.Id("op"), pl.path.field(), pl.path.inItem(), obj, jen.Id(pl.ov)).Op("...")))
}

// unchangedTransitionsOf is unchangedTransitions for a list item or a map
// value, whose type's validation the loop calls when withType is set.
func (c *fnCtx) unchangedTransitionsOf(elem place, withType bool) []jen.Code {
	if !withType {
		return nil
	}
	return c.unchangedTransitions(elem)
}

// schemaLit is a schema as a Go string literal.
func schemaLit(t *types.Type, s *apiextv1.JSONSchemaProps) jen.Code {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(fmt.Sprintf("validation-gen: marshaling the CEL schema of %s: %v", t.Name, err))
	}
	if !strings.Contains(buf.String(), "`") {
		return jen.Id("`" + strings.TrimSpace(buf.String()) + "`") // readable in the generated file
	}
	return jen.Lit(strings.TrimSpace(buf.String()))
}
