package golang

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/golang/celgo"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// CEL rules (+k8s:rule, XValidation) are evaluated in Go by the API
// server's own CEL validator (runtime/celrules) on a schema of the type
// they belong to (crd.RuleSchema): the type's structure, with
// x-kubernetes-validations only where the type declares rules (on itself
// and on its fields). The rules of the types it contains are evaluated by
// their own validation functions, which the generated code calls as for
// every other check. The same schema, inside a CustomResourceDefinition,
// is what package cel checks the rules with.

// celRulesCall declares the Rules of a type, in its package's file, and
// returns the statement that evaluates them in ValidateAt_<Type>.
func (e *goEmitter) celRulesCall(t *model.Type, path *pathVar) []jen.Code {
	s, _ := crd.RuleSchema(e.m, t, false)
	if code := e.compiledCELCall(t, s, path); code != nil {
		return code
	}
	v := e.free("celRules_" + t.Go.Name.Name)
	e.f.Commentf("%s are the CEL rules of %s, with the schema they are compiled against.", v, t.Go.Name.Name)
	var item *apiextv1.JSONSchemaProps
	if e.m.BelowItems(t) {
		// Below a list item or a map value, the CRD defaults the type's
		// non-pointer fields: there the rules see them always.
		item, _ = crd.RuleSchema(e.m, t, true)
	}
	e.f.Var().Id(v).Op("=").Add(celgo.Rules(s, item, gotype.IsKind(t.Go)))
	e.f.Line()
	return []jen.Code{
		jen.Comment("CEL rules (+k8s:rule), evaluated as the API server evaluates them"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(celgo.PkgCELRules, "ValidateIn").Call(
			jen.Id("ctx"), jen.Id(v), jen.Id("op"), path.field(), path.inItem(), jen.Id("obj"), jen.Id("oldObj")).Op("...")),
	}
}

// compiledCELCall declares celAt_<Type>, the type's rules compiled to Go,
// and returns its call; nil (and a comment saying why) when a rule is
// outside the compiled subset (package celgo).
func (e *goEmitter) compiledCELCall(t *model.Type, s *apiextv1.JSONSchemaProps, path *pathVar) []jen.Code {
	in := celgo.Type{Go: t.Go, Plain: s, IsRoot: gotype.IsKind(t.Go), TypeRef: e.typeCode, RatchetVar: e.free("celRatchet_" + t.Go.Name.Name), RegexpVar: e.free("celRegexps_" + t.Go.Name.Name)}
	if e.m.BelowItems(t) {
		in.Item, _ = crd.RuleSchema(e.m, t, true)
	}
	c, err := celgo.Compile(in)
	name := t.Go.Name.Name
	if err != nil {
		e.f.Commentf("The CEL rules of %s are interpreted (runtime/celrules), not compiled to Go: %v.", name, err)
		return nil
	}
	fn := e.free("celAt_" + name)
	e.compiledCEL = append(e.compiledCEL, celgo.TestCase{Type: t.Go, Func: fn, Oracle: celgo.Rules(s, in.Item, in.IsRoot), Compiled: c})
	celgo.Declare(e.f, fn, e.typeQual(t.Go), in, c)
	return []jen.Code{
		jen.Comment("CEL rules (+k8s:rule), compiled to Go"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(fn).Call(jen.Id("op"), path.arg(), jen.Id("obj"), jen.Id("oldObj")).Op("...")),
	}
}

// unchangedTransitions is the code that evaluates the transition rules
// held by the value at pl when it did not change (the else branch of its
// update gate), or nil when it holds none.
func (c *fnCtx) unchangedTransitions(pl place) []jen.Code {
	vt := pl.valueType()
	if model.HasOpaque(pl.rules) || model.HasRule[model.Forbidden](pl.rules) || !c.e.m.TransitionsBelow(vt) {
		return nil
	}
	var shape []model.Rule
	key := vt.String()
	for _, r := range pl.rules {
		if lt, ok := r.(model.ListType); ok {
			shape = append(shape, lt)
			key += fmt.Sprintf(" %s%v", lt.Kind, lt.Keys)
		}
	}
	tr, ok := c.e.transitionVars[key]
	if !ok {
		if c.e.transitionVars == nil {
			c.e.transitionVars = map[string]*celgo.UnchangedCompiled{}
		}
		tr = celgo.Unchanged(celgo.Kind{Go: vt, Schema: crd.TransitionSchema(c.e.m, vt, shape, false), Item: crd.TransitionSchema(c.e.m, vt, shape, true),
			NotResource: true, TypeRef: c.e.typeCode, Name: c.e.celNames.Unique(c.e.free)})
		c.e.post = append(c.e.post, tr.Decls...)
		c.e.transitionVars[key] = tr
	}
	obj := jen.Id(pl.v)
	var pre []jen.Code
	if pl.local && !pl.isPtr() {
		// A copy keeps the loop variable off the heap but here.
		cp := c.name("cp")
		pre = append(pre, jen.Id(cp).Op(":=").Op("*").Id(pl.v))
		obj = jen.Op("&").Id(cp)
	}
	return append(pre, tr.Calls(obj, jen.Id(pl.ov), pl.path.arg(), pl.path.field(), pl.path.inItem())...)
}

// unchangedTransitionsOf is unchangedTransitions for a list item or a map
// value, whose type's validation the loop calls when withType is set.
func (c *fnCtx) unchangedTransitionsOf(elem place, withType bool) []jen.Code {
	if !withType {
		return nil
	}
	return c.unchangedTransitions(elem)
}

// celTestFile is the package's differential test of its compiled CEL
// rules (celgo.TestFile).
func celTestFile(p *model.Package, header []byte, compiled []celgo.TestCase) ([]byte, error) {
	hdr := []string{"//go:build !" + BuildTag, strings.TrimPrefix(GeneratedMarker, "// ")}
	if len(header) > 0 {
		hdr = append([]string{strings.TrimRight(string(header), "\n")}, hdr...)
	}
	return celgo.TestFile(p.Path, p.Name, hdr, compiled)
}
