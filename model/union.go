package model

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// unionGroups gathers the union tags of one struct's fields.
type unionGroups struct {
	unions []*Union // struct-level, in order of first appearance
	discs  []*markers.Tag
	discF  []*Field
	// rejected unions had a member refused already; they are not checked
	// again, so that one mistake gives one error.
	rejected map[string]bool
}

func (g *unionGroups) get(zeroOrOne bool, name string, src Src) *Union {
	for _, u := range g.unions {
		if u.ZeroOrOne == zeroOrOne && u.Name == name {
			return u
		}
	}
	u := &Union{Src: src, Name: name, ZeroOrOne: zeroOrOne}
	g.unions = append(g.unions, u)
	return u
}

// add reads one field's union, discriminator and item tags. Item tags
// become Item rules on the field, or members of unions over its items.
func (g *unionGroups) add(b *builder, f *Field, tags []*markers.Tag) {
	var itemUnions []*Union
	for _, tag := range tags {
		src := srcOf(tag)
		switch tag.Def.Name {
		case "unionMember", "zeroOrOneOfMember":
			if f.Go.Kind == types.Struct {
				b.errs = append(b.errs, markers.Errorf(tag, "make the field a pointer (*"+f.Go.Name.Name+"), so that it can be unset",
					"+k8s:%s cannot be used on a non-pointer struct field: it is never unset", tag.Def.Name))
				name, _ := tag.Arg("union")
				if g.rejected == nil {
					g.rejected = map[string]bool{}
				}
				g.rejected[name] = true
				continue
			}
			name, _ := tag.Arg("union")
			value, ok := tag.Arg("memberName")
			if !ok {
				value = f.GoName
			}
			u := g.get(tag.Def.Name == "zeroOrOneOfMember", name, src)
			if b.levelDiffers(tag, u) || b.duplicateMember(tag, u, value) {
				if g.rejected == nil {
					g.rejected = map[string]bool{}
				}
				g.rejected[name] = true
				continue
			}
			u.Members = append(u.Members, UnionMember{Field: f, Display: f.JSONName, Value: value})
		case "unionDiscriminator":
			g.discs = append(g.discs, tag)
			g.discF = append(g.discF, f)
		case "item":
			sel := b.itemSelector(tag, f)
			if sel == nil || tag.Chained == nil {
				continue
			}
			switch tag.Chained.Def.Name {
			case "unionMember", "zeroOrOneOfMember":
				ch := tag.Chained
				name, _ := ch.Arg("union")
				zero := ch.Def.Name == "zeroOrOneOfMember"
				var u *Union
				for _, x := range itemUnions {
					if x.ZeroOrOne == zero && x.Name == name {
						u = x
					}
				}
				if u == nil {
					u = &Union{Src: src, Name: name, ZeroOrOne: zero}
					itemUnions = append(itemUnions, u)
				}
				value, ok := ch.Arg("memberName")
				display := f.JSONName + "[{" + sel.Describe() + "}]"
				if !ok {
					value = display
				}
				if hasMember(u, display) {
					b.errs = append(b.errs, markers.Errorf(tag, "remove the repeated line",
						"list-item union member %s is given twice", display))
					continue
				}
				if b.levelDiffers(tag, u) || b.duplicateMember(tag, u, value) {
					continue
				}
				u.Members = append(u.Members, UnionMember{Item: sel, Display: display, Value: value})
			default:
				if r := b.rule(tag.Chained); r != nil {
					f.Rules = append(f.Rules, Item{Src: src, Selector: sel, Rules: []Rule{r}})
				}
			}
		}
	}
	sort.SliceStable(itemUnions, func(i, j int) bool { return unionLess(itemUnions[i], itemUnions[j]) })
	for _, u := range itemUnions {
		f.Rules = append(f.Rules, ItemUnion{Src: u.Src, Union: u})
	}
}

// levelDiffers reports a member whose stability level is not its
// union's (its first member's): the union is one check, whose errors
// carry one level. (Kubernetes takes the level of whichever member it
// reads first and applies it to every union of the struct.)
func (b *builder) levelDiffers(tag *markers.Tag, u *Union) bool {
	if Level(tag.Level) == u.Level {
		return false
	}
	word := func(l Level) string {
		if l == Stable {
			return "stable"
		}
		return string(l)
	}
	b.errs = append(b.errs, markers.Errorf(tag, "give every member of the union the same +k8s:alpha or +k8s:beta wrapper (or none)",
		"this member of union %q is %s, its first member (%s:%d) %s", u.Name, word(Level(tag.Level)), filepath.Base(u.Pos.Filename), u.Pos.Line, word(u.Level)))
	return true
}

// duplicateMember reports a member whose memberName another member of
// the union already has: the discriminator could not tell them apart, and
// messages would name both alike.
func (b *builder) duplicateMember(tag *markers.Tag, u *Union, value string) bool {
	for _, m := range u.Members {
		if m.Value == value {
			b.errs = append(b.errs, markers.Errorf(tag, "give each member its own memberName",
				"union %q already has a member named %q (%s)", u.Name, value, m.Display))
			return true
		}
	}
	return false
}

func hasMember(u *Union, display string) bool {
	for _, m := range u.Members {
		if m.Display == display {
			return true
		}
	}
	return false
}

func unionLess(a, b *Union) bool {
	if a.ZeroOrOne != b.ZeroOrOne {
		return !a.ZeroOrOne
	}
	return a.Name < b.Name
}

// build attaches discriminators and checks the groups.
func (g *unionGroups) build(b *builder) []*Union {
	for i, tag := range g.discs {
		name, _ := tag.Arg("union")
		var u *Union
		for _, x := range g.unions {
			if !x.ZeroOrOne && x.Name == name {
				u = x
			}
		}
		if u == nil {
			member := "+k8s:unionMember"
			if name != "" {
				member = fmt.Sprintf("+k8s:unionMember(union: %q)", name)
			}
			b.errs = append(b.errs, markers.Errorf(tag, "tag the member fields "+member+", or remove the discriminator",
				"discriminator of union %q, which has no members", name))
			continue
		}
		if u.Discriminator != nil {
			b.errs = append(b.errs, markers.Errorf(tag, "keep one discriminator per union", "union %q already has the discriminator %s", name, u.Discriminator.GoName))
			continue
		}
		// A discriminator's own level marks nothing: as in Kubernetes, the
		// union's errors take its members' level. (Its lint asks for
		// +k8s:beta on a discriminator in a v1 package, whatever the
		// members' level.)
		u.Discriminator = g.discF[i]
	}
	// Kubernetes' generator checks every union of a struct in one place,
	// which takes the level of the first member it reads: unions of one
	// struct with different levels would all be marked with that one.
	// (unionMember and zeroOrOneOfMember groups apart).
	first := map[bool]*Union{}
	for _, u := range g.unions {
		f := first[u.ZeroOrOne]
		if f == nil {
			first[u.ZeroOrOne] = u
			continue
		}
		if u.Level != f.Level && !g.rejected[u.Name] && len(u.Members) > 0 {
			b.errs = append(b.errs, &markers.Error{Pos: u.Pos, Tag: u.Tag,
				Msg: fmt.Sprintf("union %q has another stability level than union %q of the same struct (%s:%d), and Kubernetes' generator marks every union of a struct with the level of the first one", u.Name, f.Name, filepath.Base(f.Pos.Filename), f.Pos.Line),
				Fix: "give the members of every union of the struct the same +k8s:alpha or +k8s:beta wrapper (or none)"})
		}
	}
	// A union of one member is accepted, as Kubernetes accepts it
	// (k8s.io/api has some, growing): that member is required, with the
	// union's error.
	sort.SliceStable(g.unions, func(i, j int) bool { return unionLess(g.unions[i], g.unions[j]) })
	return g.unions
}

// itemSelector reads the arguments of +k8s:item against the list's keys.
func (b *builder) itemSelector(tag *markers.Tag, f *Field) *ItemSelector {
	var lt *ListType
	for _, r := range f.Rules {
		if x, ok := r.(ListType); ok {
			lt = &x
		}
	}
	if lt == nil {
		// A list typedef that says its own listType, as Kubernetes reads it.
		if mt := b.typeOf(gotype.Deref(f.Go), f.Pos); mt != nil && f.Go.Kind != types.Pointer {
			for _, r := range mt.Rules {
				if x, ok := r.(ListType); ok {
					lt = &x
				}
			}
		}
	}
	if lt == nil || lt.Kind != "map" {
		b.errs = append(b.errs, markers.Errorf(tag, "add +k8s:listType=map and +k8s:listMapKey=<key> to the list", "+k8s:item needs a listType=map list"))
		return nil
	}
	sel := &ItemSelector{List: f, Elem: gotype.Resolve(f.Go).Elem}
	given := map[string]codetags.Arg{}
	for _, a := range tag.Args {
		given[a.Name] = a
	}
	var keyNames []string
	for _, k := range lt.Keys {
		keyNames = append(keyNames, k.JSONName)
		a, ok := given[k.JSONName]
		if !ok {
			b.errs = append(b.errs, markers.Errorf(tag, "name every listMapKey: "+strings.Join(keysOf(lt), ", "), "+k8s:item does not give the key %q", k.JSONName))
			return nil
		}
		delete(given, k.JSONName)
		kt := gotype.Resolve(k.Go)
		if kt.Kind == types.Pointer {
			kt = gotype.Resolve(kt.Elem)
		}
		kind := gotype.BuiltinKind(kt.Name.Name)
		want := map[string]codetags.ArgType{"string": codetags.ArgTypeString, "int": codetags.ArgTypeInt, "bool": codetags.ArgTypeBool}[kind]
		if a.Type != want {
			b.errs = append(b.errs, markers.Errorf(tag, fmt.Sprintf("give %s a literal of type %s", k.JSONName, gotype.TypeString(k.Go)),
				"key %q is of type %s; %s is a %s literal", k.JSONName, gotype.TypeString(k.Go), a.Value, a.Type))
			return nil
		}
		sel.Keys = append(sel.Keys, ItemKey{ListKey: k, Kind: kind, Value: a.Value})
	}
	for name := range given {
		b.errs = append(b.errs, markers.Errorf(tag, "name only the listMapKey fields: "+strings.Join(keyNames, ", "), "%q is not a listMapKey of this list", name))
		return nil
	}
	return sel
}

func keysOf(lt *ListType) []string {
	var out []string
	for _, k := range lt.Keys {
		out = append(out, k.JSONName)
	}
	return out
}

// Describe renders the selector as Kubernetes does in messages:
// "name": "succeeded", "port": 80.
func (s *ItemSelector) Describe() string {
	var parts []string
	for _, k := range s.Keys {
		v := k.Value
		if k.Kind == "string" {
			v = strconv.Quote(v)
		}
		parts = append(parts, strconv.Quote(k.JSONName)+": "+v)
	}
	return strings.Join(parts, ", ")
}
