package model

import (
	"fmt"
	"slices"
	"sort"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// modeTags gathers the +k8s:modeDiscriminator and +k8s:ifMode tags of one
// struct's fields (markers checks their arguments and chains).
type modeTags struct {
	// errs is how many errors the build had before the struct's fields:
	// a tag dropped for an error of its own is not reported again as a
	// discriminator without members or a member without discriminator.
	errs  int
	discs []*Modality
	uses  []modeUse // each field's ifMode tags, in Kubernetes' order
}

type modeUse struct {
	f   *Field
	tag *markers.Tag
}

func (g *modeTags) modality(name string) *Modality {
	for _, m := range g.discs {
		if m.Name == name {
			return m
		}
	}
	return nil
}

func (g *modeTags) add(b *builder, f *Field, tags []*markers.Tag) {
	var uses []modeUse
	for _, tag := range tags {
		switch tag.Def.Name {
		case "modeDiscriminator":
			name, _ := tag.Arg("modality")
			if d := g.modality(name); d != nil {
				b.errs = append(b.errs, markers.Errorf(tag, "keep one discriminator per modality, or give this one its own modality: argument",
					"modality %q already has the discriminator %s", name, d.Discriminator.GoName))
				continue
			}
			g.discs = append(g.discs, &Modality{Src: srcOf(tag), Name: name, Discriminator: f})
		case "ifMode":
			if f.Inline || gotype.MultiPointer(f.Go) {
				b.errs = append(b.errs, markers.Errorf(tag, "give the field a JSON name and at most one pointer, or tag the fields of an embedded type",
					"+k8s:ifMode cannot be used on an inline field (its fields are its parent's in JSON: it has no path of its own) or a pointer to a pointer"))
				continue
			}
			uses = append(uses, modeUse{f, tag})
		}
	}
	// Kubernetes runs a field's tags by the name of the outermost one
	// (k8s:alpha, k8s:beta, k8s:ifMode), as written within one name: that
	// is the order of a mode's checks.
	sort.SliceStable(uses, func(i, j int) bool { return srcOf(uses[i].tag).TagName() < srcOf(uses[j].tag).TagName() })
	g.uses = append(g.uses, uses...)
}

// build groups the ifMode rules by modality, field and mode.
func (g *modeTags) build(b *builder) []*Modality {
	reported := map[string]bool{}
	first, mixed := map[*ModeMember]Level{}, map[*ModeMember]bool{}
	for _, u := range g.uses {
		name, _ := u.tag.Arg("modality")
		m := g.modality(name)
		if m == nil {
			if !reported[name] && len(b.errs) == g.errs {
				reported[name] = true
				disc := "+k8s:modeDiscriminator"
				if name != "" {
					disc += fmt.Sprintf("(modality: %q)", name)
				}
				b.errs = append(b.errs, markers.Errorf(u.tag, "tag the field whose value is the mode "+disc,
					"no field of this struct is the discriminator of modality %q", name))
			}
			continue
		}
		value, ok := u.tag.Arg("mode")
		if !ok {
			value, _ = u.tag.Arg("")
		}
		if d := gotype.Resolve(m.Discriminator.Go); d.Kind == types.Builtin && gotype.BuiltinKind(d.Name.Name) == "bool" && value != "true" && value != "false" {
			b.errs = append(b.errs, markers.Errorf(u.tag, "write the mode as true or false",
				"the discriminator %s is a bool, and the mode %q is not true or false", m.Discriminator.GoName, value))
			continue
		}
		r := b.rule(u.tag.Chained)
		if r == nil {
			continue
		}
		// A field's ifMode tags come together (add), so a new member is
		// the last one; a mode may be any of the member's.
		level := Level(u.tag.Level)
		if n := len(m.Members); n == 0 || m.Members[n-1].Field != u.f {
			m.Members = append(m.Members, &ModeMember{Field: u.f})
			first[m.Members[n]] = level
		}
		mem := m.Members[len(m.Members)-1]
		mixed[mem] = mixed[mem] || level != first[mem]
		i := slices.IndexFunc(mem.Modes, func(x *Mode) bool { return x.Value == value })
		if i < 0 {
			i, mem.Modes = len(mem.Modes), append(mem.Modes, &Mode{Value: value})
		}
		mem.Modes[i].Rules = append(mem.Modes[i].Rules, r)
	}
	var out []*Modality
	for _, m := range g.discs {
		if len(m.Members) == 0 {
			if len(b.errs) == g.errs {
				b.errs = append(b.errs, markers.Errorf(&markers.Tag{Pos: m.Pos, Text: m.Tag}, "tag the fields whose checks depend on it +k8s:ifMode(...)=+<tag>, or remove the discriminator",
					"discriminator of modality %q, which no +k8s:ifMode of the struct names", m.Name))
			}
			continue
		}
		for _, mem := range m.Members {
			if !mixed[mem] {
				mem.ForbiddenLevel = first[mem]
			}
			sort.Slice(mem.Modes, func(i, j int) bool { return mem.Modes[i].Value < mem.Modes[j].Value })
		}
		sort.Slice(m.Members, func(i, j int) bool { return m.Members[i].Field.GoName < m.Members[j].Field.GoName })
		out = append(out, m)
	}
	key := func(m *Modality) string {
		if m.Name == "" {
			return "default"
		}
		return m.Name
	}
	sort.Slice(out, func(i, j int) bool { return key(out[i]) < key(out[j]) })
	return out
}
