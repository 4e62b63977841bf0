package model

import (
	"fmt"
	"sort"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// enumValues are the values of an enum typedef: its constants, less those
// +k8s:enumExclude leaves out, with the conditional exclusions of the rest.
// Like Kubernetes, two constants of one value are one value (the one with
// the longer doc comment, else the first by name, is kept).
func (b *builder) enumValues(t *types.Type) []EnumValue {
	var out []EnumValue
	comments := map[string]int{}
	for name, c := range b.l.Universe.Package(t.Name.Package).Constants {
		if c.Underlying != t || c.ConstValue == nil {
			continue
		}
		excluded, exclusions := b.enumExclusions(t.Name.Package, name)
		if excluded {
			continue
		}
		out = append(out, EnumValue{Name: name, Value: *c.ConstValue, Exclusions: exclusions})
		comments[name] = len(fmt.Sprint(c.CommentLines))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Value != out[j].Value {
			return out[i].Value < out[j].Value
		}
		if ci, cj := comments[out[i].Name], comments[out[j].Name]; ci != cj {
			return ci > cj
		}
		return out[i].Name < out[j].Name
	})
	var uniq []EnumValue
	for i, v := range out {
		if i > 0 && v.Value == out[i-1].Value {
			continue
		}
		uniq = append(uniq, v)
	}
	return uniq
}

// constTags parses the tags of a constant once; every tag on a constant is
// checked (checkConstTags), whether or not its type is an enum.
func (b *builder) constTags(pkg, name string) []*markers.Tag {
	key := pkg + "." + name
	if tags, ok := b.constTagCache[key]; ok {
		return tags
	}
	lines := b.l.ConstLines(pkg, name)
	var tags []*markers.Tag
	if len(lines) > 0 {
		var t *types.Type
		if c := b.l.Universe.Package(pkg).Constants[name]; c != nil {
			t = c.Underlying
		}
		if t == nil {
			t = types.String
		}
		ct := gotype.NewTarget(markers.ScopeConst, t, fmt.Sprintf("constant %s (%s)", name, gotype.TypeString(t)))
		var errs []error
		tags, errs = markers.Default.Parse(lines, ct)
		b.errs = append(b.errs, errs...)
	}
	if b.constTagCache == nil {
		b.constTagCache = map[string][]*markers.Tag{}
	}
	b.constTagCache[key] = tags
	return tags
}

// enumExclusions reads a constant's +k8s:enumExclude tags.
func (b *builder) enumExclusions(pkg, name string) (excluded bool, out []EnumExclusion) {
	for _, tag := range b.constTags(pkg, name) {
		switch {
		case tag.Def.Name == "enumExclude":
			excluded = true
		case (tag.Def.Name == "ifEnabled" || tag.Def.Name == "ifDisabled") && tag.Chained != nil && tag.Chained.Def.Name == "enumExclude":
			opt, _ := tag.Arg("")
			out = append(out, EnumExclusion{Option: opt, ExcludeWhen: tag.Def.Name == "ifEnabled"})
		}
		if tag.Level != "" {
			b.errs = append(b.errs, markers.Errorf(tag, "write the tag without +k8s:"+tag.Level,
				"an enum exclusion has no stability level: Kubernetes' generator reads +k8s:%s=+k8s:enumExclude as no exclusion at all", tag.Level))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].ExcludeWhen != out[j].ExcludeWhen {
			return !out[i].ExcludeWhen
		}
		return out[i].Option < out[j].Option
	})
	return excluded, out
}

// checkConstTags reports tags on constants whose type is no enum of the
// run: an exclusion there would be applied nowhere.
func (b *builder) checkConstTags() {
	for _, pkg := range b.inputPaths() {
		for _, name := range b.l.ConstNames(pkg) {
			tags := b.constTags(pkg, name)
			if len(tags) == 0 {
				continue
			}
			c := b.l.Universe.Package(pkg).Constants[name]
			var mt *Type
			if c != nil && c.Underlying != nil {
				mt = b.types[c.Underlying.Name]
			}
			if mt != nil && mt.enumTagged {
				continue
			}
			typ := "untyped"
			if c != nil && c.Underlying != nil {
				typ = gotype.TypeString(c.Underlying)
			}
			b.errs = append(b.errs, markers.Errorf(tags[0], "tag the type "+typ+" with +k8s:enum, or remove the tag",
				"+k8s:%s is on constant %s of type %s, which is no +k8s:enum type of the run, so it is applied nowhere", tags[0].Def.Name, name, typ))
		}
	}
}

// inputPaths are the packages whose types the run reads, sorted.
func (b *builder) inputPaths() []string {
	out := make([]string, 0, len(b.byInput))
	for in := range b.byInput {
		out = append(out, in)
	}
	sort.Strings(out)
	return out
}
