package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/declval/validation-gen/model"
)

// dependencyChecks emits a struct's dependentRequired and
// dependentForbidden checks. Like Kubernetes, a dependency whose two
// fields kept their set-or-unset states on update is not checked again,
// so that an update elsewhere can go through a violation stored earlier.
func (c *fnCtx) dependencyChecks(deps []model.Dependency, obj, oldObj string, path *pathVar) []jen.Code {
	var out []jen.Code
	for _, d := range deps {
		restore := c.at(d.Level)
		trig := c.memberSet(model.UnionMember{Field: d.Trigger}, obj)
		dep := c.memberSet(model.UnionMember{Field: d.Dependent}, obj)
		fn, label := "DependentRequired", "dependentRequired"
		violated := jen.Add(trig).Op("&&").Op("!").Parens(dep)
		if d.Forbidden {
			fn, label = "DependentForbidden", "dependentForbidden"
			violated = jen.Add(trig).Op("&&").Add(dep)
		}
		unchanged := isUpdate().Op("&&").Id(oldObj).Op("!=").Nil().
			Op("&&").Parens(c.memberSet(model.UnionMember{Field: d.Trigger}, oldObj)).Op("==").Parens(trig).
			Op("&&").Parens(c.memberSet(model.UnionMember{Field: d.Dependent}, oldObj)).Op("==").Parens(dep)
		check := []jen.Code{jen.If(jen.Add(violated).Op("&&").Op("!").Parens(unchanged)).Block(
			c.appendErr(jen.Qual(pkgRT, fn).Call(path.arg(), jen.Lit(d.Dependent.JSONName), jen.Lit(d.Trigger.JSONName))))}
		if d.Option != nil {
			// An undefined option is an InternalError at the struct, as
			// Kubernetes wraps the whole check in the option.
			pl := place{path: path}
			check = c.optionGate(pl, model.IfOption{Option: d.Option.Name, Enabled: d.Option.Enabled}, check)
		}
		out = append(out, jen.Comment(label+" "+d.Dependent.JSONName+" on "+d.Trigger.JSONName))
		out = append(out, check...)
		restore()
	}
	return out
}
