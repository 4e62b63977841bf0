package golang

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/crd"
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

// pkgPathRE matches the package paths in a type's string form.
var pkgPathRE = regexp.MustCompile(`[\w.\-]+/`)

const pkgCELRules = "github.com/declval/validation-gen/runtime/celrules"

// celRulesCall declares the Rules of a type, in its package's file, and
// returns the statement that evaluates them in ValidateAt_<Type>.
func (e *goEmitter) celRulesCall(t *model.Type, path *pathVar) []jen.Code {
	s, _ := crd.RuleSchema(e.m, t, false)
	v := e.free("celRules_" + t.Go.Name.Name)
	e.f.Commentf("%s are the CEL rules of %s, with the schema they are compiled against.", v, t.Go.Name.Name)
	if e.m.BelowItems(t) {
		// Below a list item or a map value, the CRD defaults the type's
		// non-pointer fields: there the rules see them always.
		item, _ := crd.RuleSchema(e.m, t, true)
		e.f.Var().Id(v).Op("=").Qual(pkgCELRules, "NewWithItemSchema").Call(schemaLit(t.Go, s), schemaLit(t.Go, item), jen.Lit(gotype.IsKind(t.Go)))
	} else {
		e.f.Var().Id(v).Op("=").Qual(pkgCELRules, "New").Call(schemaLit(t.Go, s), jen.Lit(gotype.IsKind(t.Go)))
	}
	e.f.Line()
	return []jen.Code{
		jen.Comment("CEL rules (+k8s:rule), evaluated as the API server evaluates them"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgCELRules, "ValidateIn").Call(
			jen.Id("ctx"), jen.Id(v), jen.Id("op"), path.field(), path.inItem(), jen.Id("obj"), jen.Id("oldObj")).Op("...")),
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
	v, ok := c.e.transitionVars[key]
	if !ok {
		if c.e.transitionVars == nil {
			c.e.transitionVars = map[string]string{}
		}
		v = c.e.free(fmt.Sprintf("celTransitions%d", len(c.e.transitionVars)))
		c.e.transitionVars[key] = v
		plain := crd.TransitionSchema(c.e.m, vt, shape, false)
		item := crd.TransitionSchema(c.e.m, vt, shape, true)
		c.e.post = append(c.e.post,
			jen.Commentf("%s are the transition rules held by a value of type %s, which the API server evaluates also when the value did not change.", v, pkgPathRE.ReplaceAllString(vt.String(), "")),
			jen.Var().Id(v).Op("=").Qual(pkgCELRules, "NewWithItemSchema").Call(schemaLit(vt, plain), schemaLit(vt, item), jen.False()),
			jen.Line())
	}
	obj := jen.Id(pl.v)
	var pre []jen.Code
	if pl.local && !pl.isPtr() {
		// A copy keeps the loop variable off the heap but here.
		cp := c.name("cp")
		pre = append(pre, jen.Id(cp).Op(":=").Op("*").Id(pl.v))
		obj = jen.Op("&").Id(cp)
	}
	return append(pre, jen.Comment("the transition rules below, which the API server evaluates also on an unchanged value"),
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgCELRules, "ValidateUnchanged").Call(
			jen.Id("ctx"), jen.Id(v), jen.Id("op"), pl.path.field(), pl.path.inItem(), obj, jen.Id(pl.ov)).Op("...")))
}

// unchangedTransitionsOf is unchangedTransitions for a list item or a map
// value, whose type's validation the loop calls when withType is set.
func (c *fnCtx) unchangedTransitionsOf(elem place, withType bool) []jen.Code {
	if !withType {
		return nil
	}
	return c.unchangedTransitions(elem)
}

// schemaLit is a schema as a Go string literal.
func schemaLit(t *types.Type, s *apiextv1.JSONSchemaProps) jen.Code {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(fmt.Sprintf("validation-gen: marshaling the CEL schema of %s: %v", t.Name, err))
	}
	if !strings.Contains(buf.String(), "`") {
		return jen.Id("`" + strings.TrimSpace(buf.String()) + "`") // readable in the generated file
	}
	return jen.Lit(strings.TrimSpace(buf.String()))
}
