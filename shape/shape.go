// Package shape checks what encoding/json makes of the model's structs:
// a struct inlined into itself, and fields an inline struct holds that
// JSON leaves out. Either would be validated while no JSON holds it.
package shape

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// Check reports every inline cycle and hidden field with validation.
func Check(m *model.Model) []error {
	return append(inlineCycles(m), shadowedFields(m)...)
}

// inlineCycles rejects a struct inlined, through its embedded
// fields, into itself. encoding/json drops such a field's members, and a
// schema that flattened it would never end.
func inlineCycles(m *model.Model) (errs []error) {
	lookup := func(t *types.Type) *model.Type { return m.Lookup(gotype.Deref(t)) }
	for _, t := range m.All() {
		// path holds the inline fields followed from t.
		var path []*model.Field
		seen := map[types.Name]bool{}
		var walk func(*model.Type) bool
		walk = func(x *model.Type) bool {
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
		errs = append(errs, &markers.Error{Pos: f.Pos,
			Msg: fmt.Sprintf("the inline field %s.%s leads back to %s (%s): a struct cannot be inlined into itself, and encoding/json drops such fields", t.Go.Name.Name, f.GoName, t.Go.Name.Name, strings.Join(chain, " inlines ")),
			Fix: fmt.Sprintf("give one field of the cycle a JSON name (json:\"%s\") so that it is a nested object", lowerFirst(f.GoName))})
	}
	return errs
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// shadowedFields rejects validation on a field of an inline struct
// that encoding/json leaves out of its parent: a field of the same JSON
// name nearer the parent hides it, and two at the same depth hide each
// other. Go would check the hidden field while no JSON ever holds it, and
// the parent's schema would carry its rules on the other field.
func shadowedFields(m *model.Model) (errs []error) {
	lookup := func(t *types.Type) *model.Type { return m.Lookup(gotype.Deref(t)) }
	type placed struct {
		f     *model.Field
		owner *model.Type
		depth int
	}
	for _, t := range m.All() {
		if !t.HasValidation || t.Go.Kind != types.Struct {
			continue
		}
		byName := map[string][]placed{}
		var names []string
		var walk func(x *model.Type, depth int)
		walk = func(x *model.Type, depth int) {
			for _, f := range x.Fields {
				if f.Inline {
					// Inline cycles are reported by inlineCycles.
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
			var shallow, tagged []*model.Field
			for _, p := range fs {
				if p.depth == top {
					shallow = append(shallow, p.f)
					if p.f.NameTagged {
						tagged = append(tagged, p.f)
					}
				}
			}
			var kept *model.Field
			switch {
			case len(shallow) == 1:
				kept = shallow[0]
			case len(tagged) == 1:
				kept = tagged[0]
			}
			for _, p := range fs {
				if p.f == kept || !(model.ChecksSomething(p.f.Rules) || m.ValueNeeds(p.f.Go)) {
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
					if model.ChecksSomething([]model.Rule{r}) {
						pos, tag = r.At(), r.TagName()
						break
					}
				}
				errs = append(errs, &markers.Error{Pos: pos, Tag: tag,
					Msg: fmt.Sprintf("field %s.%s is in %s, where encoding/json leaves it out (%s): its validation would apply to no JSON", p.owner.Go.Name.Name, p.f.GoName, t.Go.Name.Name, why),
					Fix: "give one of the fields another JSON name, or move the validation to the field that JSON keeps"})
			}
		}
	}
	return errs
}
