// Package lint is the lint of Kubernetes' generator over the model: the
// API style it requires of every type the root types reach, unless the
// package or the type says +k8s:validation-gen-nolint.
package lint

import (
	"fmt"
	"path"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// validation-gen accepts and rejects what Kubernetes' lint accepts and
// rejects, so that an API that generates with one generates with the
// other; each finding is an error with the file and line.
//
//   - +k8s:alpha and +k8s:beta are written first, around the tag they mark.
//   - A tag is used unwrapped only in an API version at most as mature as
//     the tag (markers.Stability): in a stable package (v1) a beta tag
//     needs +k8s:beta (or +k8s:alpha), an alpha tag +k8s:alpha; in a beta
//     package (v1beta1) an alpha tag needs +k8s:alpha. Behind
//     +k8s:ifEnabled or +k8s:ifDisabled, beta tags are accepted in a stable
//     package, as Kubernetes accepts them.
//   - A field that has validation (its own tags, other than optional and
//     opaqueType, or its type's, unless opaque), and is not a struct
//     value, says whether it may be unset: +k8s:optional, +k8s:required
//     or +k8s:forbidden.

// Check lints the root types of every package of the model and what they
// reach.
func Check(m *model.Model) []error {
	l := &linter{m: m}
	for _, p := range m.Packages {
		if p.NoLint {
			continue
		}
		seen := map[*model.Type]bool{}
		for _, t := range p.Roots {
			l.lintType(t, seen)
		}
	}
	return l.errs
}

type linter struct {
	m    *model.Model
	errs []error
}

func (b *linter) lintType(t *model.Type, seen map[*model.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if t.NoLint {
		return
	}
	pkg := t.Go.Name.Package
	for _, tag := range t.Tags {
		b.lintTag(tag, pkg)
	}
	if t.Go.Kind != types.Struct {
		b.lintBelow(t.Go.Underlying, seen)
		return
	}
	for _, f := range t.Fields {
		for _, tag := range f.Tags {
			b.lintTag(tag, pkg)
		}
		b.lintPresence(t, f)
		b.lintBelow(f.Go, seen)
	}
}

// lintBelow lints the named types of the run a value of Go type t holds.
func (b *linter) lintBelow(t *types.Type, seen map[*model.Type]bool) {
	if t == nil {
		return
	}
	if mt := b.m.Lookup(t); mt != nil && t.Name.Package != "" {
		b.lintType(mt, seen)
		return
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		b.lintBelow(t.Elem, seen)
	case types.Map:
		b.lintBelow(t.Key, seen)
		b.lintBelow(t.Elem, seen)
	}
}

// contextStability is the stability an unwrapped tag needs in a package:
// its API version's (the last element of its path).
func contextStability(pkg string) markers.Stability {
	v := path.Base(pkg)
	switch {
	case strings.Contains(v, "alpha"):
		return markers.StabilityAlpha
	case strings.Contains(v, "beta"):
		return markers.StabilityBeta
	}
	return markers.StabilityStable
}

const nolintFix = "; or turn Kubernetes' lint off with +k8s:validation-gen-nolint on the type or in doc.go"

// lintTag checks where a tag's wrapper is written and the tag's stability.
func (b *linter) lintTag(tag *markers.Tag, pkg string) {
	for c := tag; c != nil; c = c.Chained {
		nested := c.Nested
		if c != tag && c.Wrapper != "" {
			nested = c.Wrapper
		}
		if nested != "" {
			b.errs = append(b.errs, markers.Errorf(tag, "write +k8s:"+nested+" first, around the whole chain"+nolintFix,
				"+k8s:%s is written inside a chain of tags; Kubernetes' lint accepts +k8s:alpha and +k8s:beta only as the first tag of a line", nested))
			return
		}
	}
	ctx := contextStability(pkg)
	where := fmt.Sprintf("package %s is a %s API version", path.Base(pkg), ctx)
	switch tag.Wrapper {
	case "alpha":
		ctx, where = markers.StabilityAlpha, "it is behind +k8s:alpha"
	case "beta":
		ctx, where = markers.StabilityBeta, "it is behind +k8s:beta"
	}
	if (tag.Def.Name == "ifEnabled" || tag.Def.Name == "ifDisabled") && ctx == markers.StabilityStable {
		ctx, where = markers.StabilityBeta, "it is behind +k8s:"+tag.Def.Name
	}
	for c := tag; c != nil; c = c.Chained {
		if s := c.Def.Stability(); s < ctx {
			wrap, fix := "+k8s:alpha", "write "+behind("alpha", tag.Text)
			if s == markers.StabilityBeta {
				wrap = "+k8s:beta (or +k8s:alpha)"
				fix = "write " + behind("beta", tag.Text) + " (or, while it is alpha, " + behind("alpha", tag.Text) + ")"
			}
			b.errs = append(b.errs, markers.Errorf(tag, fix+nolintFix,
				"+k8s:%s is %s %s tag, and Kubernetes' lint accepts it in a %s validation only behind %s (%s)", c.Def.Name, article(s), s, ctx, wrap, where))
			return
		}
	}
}

// behind is a tag as written (text, without its "+") behind +k8s:<level>,
// as a line to paste in its place: since the Kubernetes release the
// generated validators match (a tag new to an API takes the release it
// first ships in).
func behind(level, text string) string {
	return fmt.Sprintf("+k8s:%s(since: %q)=+%s", level, markers.KubernetesRelease, text)
}

func article(s markers.Stability) string {
	if s == markers.StabilityAlpha {
		return "an"
	}
	return "a"
}

// lintPresence requires +k8s:optional, +k8s:required or +k8s:forbidden on
// a field with validation that is not a struct value.
func (b *linter) lintPresence(t *model.Type, f *model.Field) {
	if gotype.Resolve(f.Go).Kind == types.Struct && f.Go.Kind != types.Pointer {
		return
	}
	var own *markers.Tag
	for _, tag := range f.Tags {
		if hasPresenceTag(tag) {
			return
		}
		if own == nil && validates(tag) {
			own = tag
		}
	}
	why := ""
	switch {
	case own != nil:
		why = "+" + own.Text
	case !model.HasOpaque(f.Rules) && b.lintNeeds(f.Go, model.EachOpaque(f.Rules, true), model.EachOpaque(f.Rules, false)):
		why = "the validation of its type " + gotype.TypeString(f.Go)
	default:
		return
	}
	b.errs = append(b.errs, &markers.Error{Pos: f.Pos, Tag: presenceTagText(f),
		Msg: fmt.Sprintf("field %s.%s has validation (%s) but says neither +k8s:optional, +k8s:required nor +k8s:forbidden, which Kubernetes' lint requires", t.Go.Name.Name, f.GoName, why),
		Fix: "say whether the field may be unset with +k8s:optional or +k8s:required" + nolintFix})
}

// presenceTagText is the first tag of a field, to name in its error.
func presenceTagText(f *model.Field) string {
	if len(f.Tags) > 0 {
		return f.Tags[0].Text
	}
	return ""
}

func hasPresenceTag(tag *markers.Tag) bool {
	for c := tag; c != nil; c = c.Chained {
		switch c.Def.Name {
		case "optional", "required", "forbidden":
			return true
		}
	}
	return false
}

// validates reports whether a tag is a validation in the lint's sense:
// any tag but optional and opaqueType, a chaining tag by what it chains.
func validates(tag *markers.Tag) bool {
	for c := tag; c != nil; c = c.Chained {
		switch c.Def.Name {
		case "optional", "opaqueType":
			return false
		}
		if c.Def.Payload != markers.PayloadTag || c.Chained == nil {
			return true
		}
	}
	return false
}

// lintNeeds reports whether a value of Go type t holds a type with
// validation, keys and values of maps and lists being opaque when eachKey
// or eachVal says so.
func (b *linter) lintNeeds(t *types.Type, keysOpaque, valuesOpaque bool) bool {
	if t == nil {
		return false
	}
	if mt := b.m.Lookup(t); mt != nil {
		return mt.HasValidation
	}
	switch t.Kind {
	case types.Pointer:
		return b.lintNeeds(t.Elem, keysOpaque, valuesOpaque)
	case types.Slice, types.Array:
		return !valuesOpaque && b.m.ValueNeeds(t.Elem)
	case types.Map:
		return !keysOpaque && b.m.ValueNeeds(t.Key) || !valuesOpaque && b.m.ValueNeeds(t.Elem)
	}
	return false
}
