package model

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// dependencyTag reports whether a tag is +k8s:dependentRequired or
// +k8s:dependentForbidden, which a struct checks over two of its fields.
func dependencyTag(tag *markers.Tag) bool {
	return tag != nil && (tag.Def.Name == "dependentRequired" || tag.Def.Name == "dependentForbidden")
}

// pendingDependency is a dependency tag read on a field, resolved once
// the struct's fields are all known.
type pendingDependency struct {
	tag     *markers.Tag // the dependentRequired or dependentForbidden tag
	trigger *Field
	option  *DependencyOption
}

// dependencies collects the dependency tags of one field: written bare (or
// behind +k8s:alpha/+k8s:beta), or under +k8s:ifEnabled/+k8s:ifDisabled,
// as Kubernetes accepts them.
func dependencies(f *Field, tags []*markers.Tag) []pendingDependency {
	var out []pendingDependency
	for _, tag := range tags {
		switch {
		case dependencyTag(tag):
			out = append(out, pendingDependency{tag: tag, trigger: f})
		case (tag.Def.Name == "ifEnabled" || tag.Def.Name == "ifDisabled") && dependencyTag(tag.Chained):
			opt, _ := tag.Arg("")
			out = append(out, pendingDependency{tag: tag.Chained, trigger: f,
				option: &DependencyOption{Name: opt, Enabled: tag.Def.Name == "ifEnabled"}})
		}
	}
	return out
}

// resolveDependencies turns the dependency tags of a struct's fields into
// the struct's Dependencies, each sibling found by its JSON name.
func (b *builder) resolveDependencies(mt *Type, pending []pendingDependency) {
	for _, p := range pending {
		tag := p.tag
		name, _ := tag.Arg("")
		if p.trigger.JSONName == "" {
			b.errs = append(b.errs, markers.Errorf(tag, "give the field a JSON name (it is inline), or move the tag to a field that has one",
				"+k8s:%s is on field %s.%s, which has no JSON name of its own to name in the error", tag.Def.Name, mt.Go.Name.Name, p.trigger.GoName))
			continue
		}
		var dep *Field
		var names []string
		for _, f := range mt.Fields {
			if f.JSONName == name && f.JSONName != "" {
				dep = f
			}
			if f.JSONName != "" {
				names = append(names, f.JSONName)
			}
		}
		if dep == nil {
			fix := "name a sibling field by its JSON name: " + strings.Join(names, ", ")
			if s := markers.Closest(name, names); s != "" {
				fix = fmt.Sprintf("did you mean %q?", s)
			}
			b.errs = append(b.errs, markers.Errorf(tag, fix,
				"+k8s:%s names %q, which is no field of %s", tag.Def.Name, name, mt.Go.Name.Name))
			continue
		}
		if dep == p.trigger {
			b.errs = append(b.errs, markers.Errorf(tag, "name another field of "+mt.Go.Name.Name,
				"+k8s:%s names the field it is written on: a field cannot depend on itself", tag.Def.Name))
			continue
		}
		if what := dependencyKind(dep.Go); what != "" {
			b.errs = append(b.errs, markers.Errorf(tag, "name a pointer, list, map or scalar field, whose being set is defined",
				"+k8s:%s names field %s.%s, %s, which is never unset", tag.Def.Name, mt.Go.Name.Name, dep.GoName, what))
			continue
		}
		mt.Dependencies = append(mt.Dependencies, Dependency{Src: srcOf(tag), Trigger: p.trigger, Dependent: dep,
			Forbidden: tag.Def.Name == "dependentForbidden", Option: p.option})
	}
}

// dependencyKind says why a field's value cannot take part in a
// dependency ("" if it can): Kubernetes defines "set" for pointers, lists,
// maps and scalars only.
func dependencyKind(t *types.Type) string {
	r := gotype.Resolve(t)
	switch r.Kind {
	case types.Pointer, types.Slice, types.Map, types.Builtin:
		return ""
	case types.Struct:
		return "a struct"
	}
	return "a " + string(r.Kind)
}
