package cel

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celmodel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// Check compiles the CEL rules of every type, each against its
// type's schema, as the API server does when a CRD is created: syntax,
// types, transition rules on values the server can correlate, and the
// estimated cost. A type that is not a kind is checked as the one field of
// a CRD, so the cost of a rule here is a lower bound of its cost inside a
// list; CRD output checks every rule again in its place.
func Check(m *model.Model) []error {
	var errs []error
	var names []string
	byName := map[string]*model.Type{}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if m.HasCEL(t) {
				n := t.Go.Name.String()
				names = append(names, n)
				byName[n] = t
			}
		}
	}
	sort.Strings(names)
	errs = append(errs, transitionPlaces(m)...)
	for _, n := range names {
		t := byName[n]
		s, pos := crd.RuleSchema(m, t, false)
		root := s
		if !gotype.IsKind(t.Go) {
			root = &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{"value": *s}}
			shifted := crd.Positions{}
			for k, v := range pos {
				shifted["properties[value]."+k] = v
			}
			pos = shifted
		}
		def := &apiextv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{Name: "checks.validation-gen.local"},
			Spec: apiextv1.CustomResourceDefinitionSpec{
				Group: "validation-gen.local", Scope: apiextv1.NamespaceScoped,
				Names: apiextv1.CustomResourceDefinitionNames{Plural: "checks", Singular: "check", Kind: "Check", ListKind: "CheckList"},
				Versions: []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
					Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: root}}},
			},
		}
		// The rules of fields (self is the field's value) are not judged:
		// what their value's fields may lack is the field type's to say.
		own, _ := m.CELRules(t)
		omitted := omittable(t)
		// Judged on the schema the type has below list items and map
		// values, where the CRD gives its value fields their zero values
		// as defaults: a field is flagged only where no context defaults
		// it (a pointer, a list, a map). Outside items an omitempty
		// scalar can be absent too; which contexts a type is used in is
		// not looked at, so those reads are not flagged.
		itemSchema, _ := crd.RuleSchema(m, t, true)
		for _, r := range own {
			for _, f := range crd.UnguardedFields(r.Rule, itemSchema, omitted) {
				errs = append(errs, crd.UnguardedWarning(r.Pos, r.Tag, f, ""))
			}
		}
		var costs map[token.Position]ruleCost
		for _, err := range crd.Check(def, []crd.Positions{pos}, t.Pos) {
			if e, ok := err.(*markers.Error); ok {
				msgExpr := strings.Contains(e.Msg, ".messageExpression: ")
				e.Msg = strings.Replace(e.Msg, "the API server would reject CRD checks.validation-gen.local at ", "CEL rule of "+t.Go.Name.Name+": the API server would reject it at ", 1)
				e.Msg = strings.Replace(e.Msg, "properties[value].", "", 1)
				if strings.Contains(e.Msg, "cost") {
					if costs == nil {
						costs = ruleCosts(m, t, s)
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
	return m.WithRuleTags(errs)
}

// transitionPlaces reports transition rules below the items of a list
// that is not a list-map: the server cannot correlate those items with the
// old list, and rejects such a rule in a CRD (Go would never run it).
func transitionPlaces(m *model.Model) []error {
	transition := map[*model.Type][]model.CEL{}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			own, byField := m.CELRules(t)
			for _, r := range own {
				if r.IsTransition() {
					transition[t] = append(transition[t], r)
				}
			}
			for _, rules := range byField {
				for _, r := range rules {
					if r.IsTransition() {
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
	report := func(t *model.Type, f *model.Field, lt string, elem *types.Type) {
		for _, below := range m.TypesBelow(elem) {
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
	var walk func(t *model.Type, f *model.Field, vt *types.Type, lt string, depth int)
	walk = func(t *model.Type, f *model.Field, vt *types.Type, lt string, depth int) {
		if vt == nil || depth > 8 {
			return
		}
		if vt.Kind == types.Pointer {
			walk(t, f, vt.Elem, lt, depth+1)
			return
		}
		if lt == "" {
			if mt := m.Lookup(vt); mt != nil {
				lt = model.ListTypeOf(mt.Rules)
			}
		}
		r := gotype.Resolve(vt)
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
				walk(t, f, f.Go, model.ListTypeOf(f.Rules), 0)
			}
		}
	}
	return errs
}

// ruleCost is the estimated cost of a rule and of its messageExpression.
type ruleCost struct{ rule, message uint64 }

// ruleCosts compiles the rules of a type's schema s (on the type and on
// its fields, in the order celSchema wrote them) with the server's CEL
// environment, for the estimated cost of each, by the rule's position.
func ruleCosts(m *model.Model, t *model.Type, s *apiextv1.JSONSchemaProps) map[token.Position]ruleCost {
	out := map[token.Position]ruleCost{}
	node := func(v1 *apiextv1.JSONSchemaProps, root bool, rules []model.CEL) {
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
		results, err := schemacel.Compile(st, celmodel.SchemaDeclType(st, root), celconfig.PerCallLimit,
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
	own, byField := m.CELRules(t)
	node(s, gotype.IsKind(t.Go), own)
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

// omittable says, for the fields of t read by its own rules (self.f), which
// JSON can leave out (gotype.MayOmit). Deeper paths are not judged
// (false): the rule's type does not say.
func omittable(t *model.Type) func(path []string) bool {
	omit := map[string]bool{}
	for _, mem := range t.Go.Members {
		if name, _, skip := gotype.JSONOf(mem); name != "" && !skip {
			omit[name] = gotype.MayOmit(mem, gotype.FieldType(t.Go, mem.Name))
		}
	}
	return func(path []string) bool { return len(path) == 2 && omit[path[1]] }
}
