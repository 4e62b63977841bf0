package crd

import (
	"encoding/json"
	"fmt"
	"sort"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// RuleSchema is the schema of t for its own CEL rules, and where each rule
// is in it (for errors). With inItem, it is the schema of t below a list
// item or a map value, where the CRD defaults non-pointer fields to their
// zero values (docs/crd-design.md), which the rules then see.
func RuleSchema(m *model.Model, t *model.Type, inItem bool) (*apiextv1.JSONSchemaProps, Positions) {
	c := &crdCtx{m: m, minLevel: model.Alpha, positions: Positions{}, inItem: inItem, forRules: true}
	var s apiextv1.JSONSchemaProps
	if gotype.IsKind(t.Go) {
		s = *c.rootSchema(t)
	} else {
		s = c.structSchema(t, false)
	}
	stripValidations(&s)
	pos := Positions{}
	own, byField := m.CELRules(t)
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

// TransitionSchema is the schema of a value of Go type t with only the
// transition rules written by the API author (at every depth), as the CRD
// places them. With inItem, it is the schema below a list item or a map
// value, where the CRD defaults non-pointer fields.
//
// rules are the rules of the place that decide the value's shape (its
// listType: the server correlates the items of a list-map only).
func TransitionSchema(m *model.Model, t *types.Type, rules []model.Rule, inItem bool) *apiextv1.JSONSchemaProps {
	keep := map[string]bool{}
	for mt := range m.TransitionTypes() {
		own, byField := m.CELRules(mt)
		for _, rules := range append([][]model.CEL{own}, mapValuesSorted(byField)...) {
			for _, r := range rules {
				if r.IsTransition() {
					b, _ := json.Marshal(celValidation(r))
					keep[string(b)] = true
				}
			}
		}
	}
	c := &crdCtx{m: m, minLevel: model.Alpha, positions: Positions{}, inItem: inItem, forRules: true}
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

func mapValuesSorted(m map[string][]model.CEL) [][]model.CEL {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]model.CEL, 0, len(keys))
	for _, k := range keys {
		out = append(out, m[k])
	}
	return out
}
