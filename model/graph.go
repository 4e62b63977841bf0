package model

import (
	"fmt"
	"github.com/declval/validation-gen/gotype"
	"strings"
	"unicode"
	"unicode/utf8"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
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
			if checksSomething(f.Rules) {
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

// checkInlineCycles rejects a struct inlined, through its embedded
// fields, into itself. encoding/json drops such a field's members, and a
// schema that flattened it would never end.
func (b *builder) checkInlineCycles() {
	lookup := func(t *types.Type) *Type { return b.lookupAny(gotype.Deref(t)) }
	for _, t := range b.types {
		// path holds the inline fields followed from t.
		var path []*Field
		seen := map[types.Name]bool{}
		var walk func(*Type) bool
		walk = func(x *Type) bool {
			for _, f := range x.Fields {
				if !f.Inline {
					continue
				}
				inner := lookup(f.Go)
				if inner == nil {
					continue
				}
				path = append(path, f)
				if inner == t {
					return true
				}
				if !seen[inner.Go.Name] {
					seen[inner.Go.Name] = true
					if walk(inner) {
						return true
					}
				}
				path = path[:len(path)-1]
			}
			return false
		}
		if !walk(t) {
			continue
		}
		// A cycle is reported once, by its type whose name sorts first.
		chain := []string{t.Go.Name.Name}
		first := true
		for _, f := range path {
			inner := lookup(f.Go)
			if inner.Go.Name.String() < t.Go.Name.String() {
				first = false
			}
			chain = append(chain, inner.Go.Name.Name)
		}
		if !first {
			continue
		}
		f := path[0]
		b.errs = append(b.errs, &markers.Error{Pos: f.Pos,
			Msg: fmt.Sprintf("the inline field %s.%s leads back to %s (%s): a struct cannot be inlined into itself, and encoding/json drops such fields", t.Go.Name.Name, f.GoName, t.Go.Name.Name, strings.Join(chain, " inlines ")),
			Fix: fmt.Sprintf("give one field of the cycle a JSON name (json:\"%s\") so that it is a nested object", lowerFirst(f.GoName))})
	}
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// checkShadowedFields rejects validation on a field of an inline struct
// that encoding/json leaves out of its parent: a field of the same JSON
// name nearer the parent hides it, and two at the same depth hide each
// other. Go would check the hidden field while no JSON ever holds it, and
// the parent's schema would carry its rules on the other field.
func (b *builder) checkShadowedFields() {
	lookup := func(t *types.Type) *Type { return b.lookupAny(gotype.Deref(t)) }
	type placed struct {
		f     *Field
		owner *Type
		depth int
	}
	for _, t := range b.types {
		if !t.HasValidation || t.Go.Kind != types.Struct {
			continue
		}
		byName := map[string][]placed{}
		var names []string
		var walk func(x *Type, depth int)
		walk = func(x *Type, depth int) {
			for _, f := range x.Fields {
				if f.Inline {
					// Inline cycles are reported by checkInlineCycles.
					if inner := lookup(f.Go); inner != nil && depth < 16 {
						walk(inner, depth+1)
					}
					continue
				}
				if _, ok := byName[f.JSONName]; !ok {
					names = append(names, f.JSONName)
				}
				byName[f.JSONName] = append(byName[f.JSONName], placed{f, x, depth})
			}
		}
		walk(t, 0)
		for _, n := range names {
			fs := byName[n]
			if len(fs) < 2 {
				continue
			}
			// encoding/json keeps the shallowest field of a name; of several
			// at that depth, the one whose json tag names it, if only one
			// does; else none of them.
			top := fs[0].depth
			for _, p := range fs {
				top = min(top, p.depth)
			}
			var shallow, tagged []*Field
			for _, p := range fs {
				if p.depth == top {
					shallow = append(shallow, p.f)
					if p.f.NameTagged {
						tagged = append(tagged, p.f)
					}
				}
			}
			var kept *Field
			switch {
			case len(shallow) == 1:
				kept = shallow[0]
			case len(tagged) == 1:
				kept = tagged[0]
			}
			for _, p := range fs {
				if p.f == kept || !(checksSomething(p.f.Rules) || valueNeeds(p.f.Go, lookup)) {
					continue
				}
				why := fmt.Sprintf("a field named %q nearer to %s hides it", n, t.Go.Name.Name)
				switch {
				case p.depth == top && kept != nil:
					why = fmt.Sprintf("field %s, whose json tag names it %q, hides it", kept.GoName, n)
				case p.depth == top:
					why = fmt.Sprintf("another field named %q at the same depth hides it, and both are left out", n)
				}
				pos, tag := p.f.Pos, ""
				for _, r := range p.f.Rules {
					if checksSomething([]Rule{r}) {
						pos, tag = r.At(), r.TagName()
						break
					}
				}
				b.errs = append(b.errs, &markers.Error{Pos: pos, Tag: tag,
					Msg: fmt.Sprintf("field %s.%s is in %s, where encoding/json leaves it out (%s): its validation would apply to no JSON", p.owner.Go.Name.Name, p.f.GoName, t.Go.Name.Name, why),
					Fix: "give one of the fields another JSON name, or move the validation to the field that JSON keeps"})
			}
		}
	}
}
