package model

import (
	"go/token"
	"regexp"
	"sort"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// CELRules lists the CEL rules of a type: on itself, then by field (the
// fields of inline members included, as JSON flattens them).
func (m *Model) CELRules(t *Type) (own []CEL, byField map[string][]CEL) {
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
				if inner := m.Lookup(gotype.Deref(f.Go)); inner != nil && depth < 8 {
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

// HasCEL reports whether a struct type has CEL rules, on itself or on its
// fields (CELRules).
func (m *Model) HasCEL(t *Type) bool {
	if t.Go.Kind != types.Struct {
		return false
	}
	own, byField := m.CELRules(t)
	return len(own) > 0 || len(byField) > 0
}

// BelowItems reports whether a value of type t can be a list item or a
// map value, or be below one, in the types of the model.
func (m *Model) BelowItems(t *Type) bool {
	m.itemTypesOnce.Do(func() {
		m.itemTypes = map[*Type]bool{}
		for _, p := range m.Packages {
			for _, pt := range p.Types {
				var elems []*types.Type
				if r := gotype.Resolve(gotype.Deref(pt.Go)); r.Kind == types.Slice || r.Kind == types.Array || r.Kind == types.Map {
					elems = append(elems, r.Elem)
				}
				for _, f := range pt.Fields {
					if r := gotype.Resolve(gotype.Deref(f.Go)); r.Kind == types.Slice || r.Kind == types.Array || r.Kind == types.Map {
						elems = append(elems, r.Elem)
					}
				}
				for _, el := range elems {
					for _, below := range m.TypesBelow(el) {
						m.itemTypes[below] = true
					}
				}
			}
		}
	})
	return m.itemTypes[t]
}

var (
	celStringLit = regexp.MustCompile(`'(\\.|[^'\\])*'|"(\\.|[^"\\])*"`)
	celOldSelf   = regexp.MustCompile(`\boldSelf\b`)
)

// IsTransition reports whether a rule reads oldSelf (outside string
// literals): the server runs it only where it can find the old value.
func (r CEL) IsTransition() bool {
	return celOldSelf.MatchString(celStringLit.ReplaceAllString(r.Rule, "''"))
}

// TypesBelow lists the model types a value of type t holds, t included.
func (m *Model) TypesBelow(t *types.Type) []*Type {
	var out []*Type
	seen := map[*types.Type]bool{}
	var walk func(t *types.Type)
	walk = func(t *types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if mt := m.Lookup(t); mt != nil {
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

// TransitionTypes are the model types with transition rules of their own
// or on their fields.
func (m *Model) TransitionTypes() map[*Type]bool {
	m.transitionsOnce.Do(func() {
		m.transitions = map[*Type]bool{}
		for _, p := range m.Packages {
			for _, t := range p.Types {
				own, byField := m.CELRules(t)
				for _, r := range own {
					if r.IsTransition() {
						m.transitions[t] = true
					}
				}
				for _, rules := range byField {
					for _, r := range rules {
						if r.IsTransition() {
							m.transitions[t] = true
						}
					}
				}
			}
		}
	})
	return m.transitions
}

// TransitionsBelow reports whether a value of Go type t holds transition
// rules of types of this run.
func (m *Model) TransitionsBelow(t *types.Type) bool {
	tt := m.TransitionTypes()
	if len(tt) == 0 {
		return false
	}
	for _, below := range m.TypesBelow(t) {
		if tt[below] && below.Pkg != nil {
			return true
		}
	}
	return false
}

// Lookup finds the model type of a named Go type, from the run or from a
// readonly package.
func (m *Model) Lookup(t *types.Type) *Type {
	if t == nil || t.Name.Package == "" {
		return nil
	}
	return m.index[t.Name]
}

// WithRuleTags names the +k8s:rule (or XValidation) tag in the errors that
// are at a CEL rule's line.
func (m *Model) WithRuleTags(errs []error) []error {
	m.celTagsOnce.Do(func() {
		m.celTags = map[token.Position]string{}
		for _, p := range m.Packages {
			for _, t := range p.Types {
				own, byField := m.CELRules(t)
				for _, r := range own {
					m.celTags[r.Pos] = r.Tag
				}
				for _, rules := range byField {
					for _, r := range rules {
						m.celTags[r.Pos] = r.Tag
					}
				}
			}
		}
	})
	for _, err := range errs {
		if e, ok := err.(*markers.Error); ok && e.Tag == "" {
			e.Tag = m.celTags[e.Pos]
		}
	}
	return errs
}

// All is every type of the run, validated or not, sorted by name: for
// checks of the model as a whole.
func (m *Model) All() []*Type {
	var out []*Type
	for _, t := range m.index {
		if t.Pkg != nil {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Go.Name.String() < out[j].Go.Name.String() })
	return out
}
