package model

import (
	"k8s.io/gengo/v2/types"
)

// markRecursive flags the types that can reach themselves.
func (b *builder) markRecursive() {
	for _, t := range b.types {
		seen := map[types.Name]bool{}
		var walk func(*types.Type) bool
		walk = func(x *types.Type) bool {
			if x == nil {
				return false
			}
			if x.Name.Package != "" {
				if x.Name == t.Go.Name {
					return true
				}
				if seen[x.Name] {
					return false
				}
				seen[x.Name] = true
			}
			switch x.Kind {
			case types.Pointer, types.Slice, types.Array:
				return walk(x.Elem)
			case types.Map:
				return walk(x.Key) || walk(x.Elem)
			case types.Alias:
				return walk(x.Underlying)
			case types.Struct:
				for _, m := range x.Members {
					if walk(m.Type) {
						return true
					}
				}
			}
			return false
		}
		start := t.Go
		if start.Kind == types.Alias {
			t.Recursive = walk(start.Underlying)
			continue
		}
		for _, m := range start.Members {
			if walk(m.Type) {
				t.Recursive = true
				break
			}
		}
	}
}

// propagate computes HasValidation over the type graph, recursion included.
func (b *builder) propagate() {
	for _, t := range b.types {
		t.HasValidation = len(t.Rules) > 0 || len(t.Enum) > 0 || len(t.Unions) > 0 || len(t.Dependencies) > 0 || len(t.Modalities) > 0
		for _, f := range t.Fields {
			if ChecksSomething(f.Rules) {
				t.HasValidation = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, t := range b.types {
			if t.HasValidation {
				continue
			}
			if b.reaches(t) {
				t.HasValidation = true
				changed = true
			}
		}
	}
}

// reaches reports whether a value of type t contains a value of a type
// that has validation.
func (b *builder) reaches(t *Type) bool {
	if t.Go.Kind != types.Struct {
		return b.valueNeeds(t.Go.Underlying)
	}
	for _, f := range t.Fields {
		if HasOpaque(f.Rules) {
			continue
		}
		if b.valueNeeds(f.Go) {
			return true
		}
	}
	return false
}

// valueNeeds reports whether validating a value of Go type t calls any
// type's validation function.
func (b *builder) valueNeeds(t *types.Type) bool { return valueNeeds(t, b.named) }

// named returns the model type (of the run or a readonly package) for a
// named Go type, or nil.
func (b *builder) named(t *types.Type) *Type {
	if t.Name.Package == "" {
		return nil
	}
	if mt, ok := b.types[t.Name]; ok {
		return mt
	}
	return b.external[t.Name]
}

// valueNeeds reports whether validating a value of Go type t calls a
// validation function: of a named type lookup knows to have validation,
// or of one inside t's elements, keys or (unnamed) struct members.
func valueNeeds(t *types.Type, lookup func(*types.Type) *Type) bool {
	if t == nil {
		return false
	}
	if mt := lookup(t); mt != nil {
		return mt.HasValidation
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		return valueNeeds(t.Elem, lookup)
	case types.Map:
		return valueNeeds(t.Key, lookup) || valueNeeds(t.Elem, lookup)
	case types.Struct:
		if t.Name.Package != "" {
			// A named struct lookup does not know has no validation
			// function to call, and is not walked: a type of another
			// package can be recursive (JSONSchemaProps), and cannot reach
			// the run's types.
			return false
		}
		for _, m := range t.Members {
			if valueNeeds(m.Type, lookup) {
				return true
			}
		}
	}
	return false
}

// ValueNeeds reports whether validating a value of Go type t calls a
// validation function of a type of the model.
func (m *Model) ValueNeeds(t *types.Type) bool { return valueNeeds(t, m.Lookup) }
