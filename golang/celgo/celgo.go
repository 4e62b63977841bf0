// Package celgo compiles a type's CEL rules (+k8s:rule, XValidation) to Go
// code over the Go struct, for the rules in a subset whose meaning in Go
// is exactly the API server's: field selection and has() on fields the
// server sees as Go writes them, comparisons of ints, strings and bools,
// &&, ||, !, ?:, `in` over a list of literals, size(), startsWith,
// endsWith, contains, string concatenation and string(int), oldSelf
// (also optional), message, messageExpression, reason and fieldPath. A
// type with a rule outside the subset keeps the server's interpreter for
// all its rules (runtime/celrules); Compile says which rule and why.
//
// What the compiled code reproduces of apiextensions' CEL validator:
//   - a property is seen as the server's decoding leaves it: absent when
//     Go's JSON leaves it out (nil pointer, omitempty zero) unless the CRD
//     defaults it below list items and map values; selecting an absent
//     field is the error "no such key: <f>";
//   - && and || are false (true) when any side is, else the first error,
//     as cel-go evaluates both sides;
//   - an evaluation error is Invalid at the rule's value, with the schema
//     type as its value, "<error> evaluating rule: <rule>", never
//     ratcheted; a false rule is Invalid, Forbidden, Required or Duplicate
//     (its reason) at the value or its fieldPath, with messageExpression's
//     result, else message, else "failed rule: <rule>";
//   - a rule that does not read oldSelf, false on an update that left its
//     value unchanged, reports nothing (ratcheting); a rule that reads
//     oldSelf runs only when there is an old value, unless optionalOldSelf.
//
// Rules in the subset do no iteration: their cost is a small constant,
// which the generator has checked against the server's limits (package
// cel). They charge nothing to a runtime budget.
package celgo

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/google/cel-go/cel"
	celtypes "github.com/google/cel-go/common/types"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemacel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celmodel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/gengo/v2/types"
)

const pkgRT = "github.com/declval/validation-gen/runtime"

// Type is one type's rules: its schema for the server's CEL validator
// (rules on the type and on its properties), and the schema the CRD gives
// it below list items and map values (nil when it is never there).
type Type struct {
	Go          *types.Type
	Plain, Item *apiextv1.JSONSchemaProps
	IsRoot      bool
	// TypeRef renders a Go type in the generated file.
	TypeRef func(*types.Type) *jen.Statement
	// RatchetVar names the interpreter's Rules for the type's schema
	// (Rules), which the compiled code asks whether a value the server
	// compares in ways runtime.JSONEqual does not was unchanged; the
	// caller declares it when Compiled.UsesRatchetVar.
	RatchetVar string
	// RegexpVar names the package variable that holds the rules'
	// matches() patterns compiled (Compiled.Regexps), which the caller
	// declares with Declare.
	RegexpVar string
}

// Compiled is the body of
//
//	func(op operation.Operation, p *runtime.Path, obj, oldObj *T) (errs field.ErrorList)
//
// which evaluates the rules, with the literals of the rules (the values a
// differential test should draw).
type Compiled struct {
	Body           []jen.Code
	Strings        []string
	Ints           []int64
	UsesRatchetVar bool
	// Regexps are the patterns of matches(), in the order of
	// Type.RegexpVar's array.
	Regexps []string
}

// Compile compiles every rule of t, or returns why one is outside the
// subset (the caller then keeps the interpreter).
func Compile(t Type) (*Compiled, error) {
	root, why := bindType(t)
	if root == nil {
		return nil, unsupportedf("%s", why)
	}
	vars := 0
	lits := &literals{}
	out := &Compiled{}
	body := []jen.Code{}
	u := &uses{}

	node := func(s *apiextv1.JSONSchemaProps, isRoot bool, rules []apiextv1.ValidationRule, self, old operand, hasOld, unchanged func() *jen.Statement, fp string) ([]jen.Code, error) {
		return ruleSet(s, isRoot, rules, &exprCompiler{vars: &vars, self: &self, lits: lits, typeRef: t.TypeRef, uses: u, regexps: &out.Regexps, regexpVar: t.RegexpVar}, old, hasOld, unchanged, fp)
	}

	// The type's own rules.
	self := operand{kind: kObject, val: jen.Id("obj"), node: root}
	old := operand{kind: kObject, val: jen.Id("oldObj"), node: root}
	ownUnchanged := func() *jen.Statement {
		return u.updateID().Op("&&").Qual(pkgRT, "JSONEqual").Call(jen.Id("obj"), jen.Id("oldObj"))
	}
	// serverUnchanged asks the server's own correlation, on a failed rule
	// only, where runtime.JSONEqual would not compare as it does.
	serverUnchanged := func(field string) *jen.Statement {
		out.UsesRatchetVar = true
		return u.updateID().Op("&&").Qual(PkgCELRules, "Unchanged").Call(jen.Id(t.RatchetVar), jen.Id("p").Dot("InItem").Call(), jen.Id("obj"), jen.Id("oldObj"), jen.Lit(field))
	}
	switch {
	case t.IsRoot:
		// The server's ratcheting finds no schema for the fields of a
		// kind's metadata, so it never finds the kind unchanged.
		ownUnchanged = func() *jen.Statement { return jen.False() }
	case !root.comparable():
		ownUnchanged = func() *jen.Statement { return serverUnchanged("") }
	}
	own, err := node(t.Plain, t.IsRoot, t.Plain.XValidations, self, old, u.updateID, ownUnchanged, "p")
	if err != nil {
		return nil, err
	}
	body = append(body, own...)

	// Its properties' rules, in name order.
	names := make([]string, 0, len(t.Plain.Properties))
	for n, ps := range t.Plain.Properties {
		if len(ps.XValidations) > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		ps := t.Plain.Properties[n]
		p := root.props[n]
		if p == nil || p.node == nil {
			why := "not a field of the Go type"
			if p != nil {
				why = p.why
			}
			return nil, unsupportedf("rules on %s: %s", n, why)
		}
		if p.node.kind == kTimestamp || p.presenceWhy != "" {
			return nil, unsupportedf("rules on %s: a timestamp, or a value whose presence the subset does not tell", n)
		}
		c := &exprCompiler{vars: &vars, uses: u}
		f, of := jen.Id("obj").Dot(p.member), jen.Id("oldObj").Dot(p.member)
		present, oldPresent := c.present(p, f), c.present(p, of)
		fself := operand{kind: p.node.kind, val: p.value(f), node: p.node}
		fold := operand{kind: p.node.kind, val: p.value(of), node: p.node}
		hasOld := func() *jen.Statement {
			if oldPresent != nil {
				return jen.Parens(u.updateID().Op("&&").Add(oldPresent))
			}
			return u.updateID()
		}
		unchanged := func() *jen.Statement {
			return hasOld().Op("&&").Qual(pkgRT, "JSONEqual").Call(jen.Op("&").Add(f.Clone()), jen.Op("&").Add(of.Clone()))
		}
		if !p.node.comparable() || t.IsRoot {
			unchanged = func() *jen.Statement { return serverUnchanged(n) }
		}
		fp := fmt.Sprintf("fp%d", len(body))
		code, err := node(&ps, false, ps.XValidations, fself, fold, hasOld, unchanged, fp)
		if err != nil {
			return nil, fmt.Errorf("on %s: %w", n, err)
		}
		block := append([]jen.Code{jen.Id(fp).Op(":=").Id("p").Dot("Child").Call(jen.Lit(n))}, code...)
		body = append(body, jen.Commentf("the rules of %s", n))
		if present != nil {
			body = append(body, jen.If(present).Block(block...))
		} else {
			body = append(body, jen.Block(block...))
		}
	}
	pre := []jen.Code{}
	if u.update {
		pre = append(pre, jen.Id("update").Op(":=").Id("op").Dot("Type").Op("==").Qual("k8s.io/apimachinery/pkg/api/operation", "Update").Op("&&").Id("oldObj").Op("!=").Nil())
	}
	if u.inItem {
		pre = append(pre, jen.Id("inItem").Op(":=").Id("p").Dot("InItem").Call())
	}
	pre = append([]jen.Code{jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil()))}, pre...)
	out.Body = append(append(pre, body...), jen.Return())
	out.Strings, out.Ints = lits.strings, lits.ints
	return out, nil
}

// ruleSet compiles rules, those of schema node s, at a value (c.self, and
// old when hasOld holds) whose errors go to the path variable fp.
func ruleSet(s *apiextv1.JSONSchemaProps, isRoot bool, rules []apiextv1.ValidationRule, c *exprCompiler, old operand, hasOld, unchanged func() *jen.Statement, fp string) ([]jen.Code, error) {
	if len(rules) == 0 {
		return nil, nil
	}
	env, optEnv, st, err := envFor(s, isRoot, rules)
	if err != nil {
		return nil, err
	}
	var code []jen.Code
	for _, r := range rules {
		e := env
		if isOptionalOldSelf(r) {
			e = optEnv
		}
		rc := *c
		out, err := compileRule(e, env, st, r, &rc, old, hasOld, unchanged, fp)
		if err != nil {
			return nil, fmt.Errorf("rule %q: %w", r.Rule, err)
		}
		code = append(code, out...)
	}
	return code, nil
}

func bindType(t Type) (*node, string) {
	if t.IsRoot {
		return rootNode(t.Go, t.Plain, t.Item)
	}
	n, why := bind(t.Go, t.Plain, t.Item, 0)
	if n != nil && n.kind != kObject {
		return nil, "a type that is not a struct"
	}
	return n, why
}

// CompileError is a rule the API server's CEL environment does not
// compile, which no schema keyword can mend: the server rejects a CRD
// that carries it.
type CompileError struct {
	Rule string
	Err  error
}

func (e *CompileError) Error() string { return fmt.Sprintf("compiling: %v", e.Err) }

func (e *CompileError) Unwrap() error { return e.Err }

// compileRule is the code of one rule at a value (self, and old when
// hasOld holds), whose errors go to the path variable fp.
func compileRule(env, msgEnv *cel.Env, st *structuralschema.Structural, r apiextv1.ValidationRule, c *exprCompiler, old operand, hasOld, unchanged func() *jen.Statement, fp string) ([]jen.Code, error) {
	ast, iss := env.Compile(r.Rule)
	if iss.Err() != nil {
		return nil, &CompileError{Rule: r.Rule, Err: iss.Err()}
	}
	optional := r.OptionalOldSelf != nil && *r.OptionalOldSelf
	usesOld := referencesOldSelf(ast)
	c.oldSelf = &old
	if optional {
		c.oldSelf = &operand{kind: kOptional, opt: &old, has: hasOld()}
	}
	var stmts []jen.Code
	res, err := c.compile(ast.NativeRep().Expr(), &stmts)
	if err != nil {
		return nil, err
	}
	if res.kind != kBool {
		return nil, unsupportedf("a rule that is not a bool")
	}
	selfType := c.self.kind.schemaType()
	path := jen.Op("&").Id(fp)
	if fp == "p" {
		path = jen.Id("p")
	}
	ruleString := strings.TrimSpace(r.Rule)
	if r.Message != "" {
		ruleString = strings.TrimSpace(r.Message)
	}
	detail := strings.TrimSpace(r.Message)
	if r.Message == "" {
		detail = "failed rule: " + ruleString
	}
	var value jen.Code = jen.Qual("k8s.io/apimachinery/pkg/util/validation/field", "OmitValueType").Values()
	switch c.self.kind {
	case kInt, kString, kBool:
		value = c.self.val
	case kDurationString:
		// The server's value is the JSON string.
		value = jen.Qual("time", "Duration").Call(c.self.val).Dot("String").Call()
	}
	reason := "FieldValueInvalid"
	if r.Reason != nil {
		reason = string(*r.Reason)
	}
	fieldPath := ""
	if r.FieldPath != "" {
		p, _, err := schemacel.ValidFieldPath(r.FieldPath, st)
		if err != nil {
			return nil, fmt.Errorf("fieldPath %q: %v", r.FieldPath, err)
		}
		fieldPath = p.String()
		if strings.ContainsAny(fieldPath, "[]") {
			return nil, unsupportedf("a fieldPath with an index or key")
		}
	}
	failed := []jen.Code{jen.Id("detail").Op(":=").Lit(detail)}
	if r.MessageExpression != "" {
		mc := &exprCompiler{vars: c.vars, self: c.self, lits: c.lits, typeRef: c.typeRef, uses: c.uses, regexps: c.regexps, regexpVar: c.regexpVar}
		if usesOld && !optional {
			mc.oldSelf = c.oldSelf // only where an old value is sure to be
		}
		mast, iss := msgEnv.Compile(r.MessageExpression)
		if iss.Err() != nil {
			return nil, fmt.Errorf("compiling the messageExpression: %v", iss.Err())
		}
		var ms []jen.Code
		m, err := mc.compile(mast.NativeRep().Expr(), &ms)
		if err != nil {
			return nil, fmt.Errorf("messageExpression: %w", err)
		}
		if m.kind != kString {
			return nil, unsupportedf("a messageExpression that is not a string")
		}
		failed = append(failed, ms...)
		use := jen.If(jen.List(jen.Id("s"), jen.Id("ok")).Op(":=").Qual(pkgRT, "CELMessage").Call(m.val), jen.Id("ok")).Block(jen.Id("detail").Op("=").Id("s"))
		if m.err != nil {
			use = jen.If(m.err.Clone().Op("==").Lit("")).Block(use)
		}
		failed = append(failed, use)
	}
	failed = append(failed, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "CELFailed").Call(path.Clone(), jen.Lit(fieldPath), value, jen.Id("detail"), jen.Lit(reason))))
	if !usesOld {
		// Ratcheting: a rule that does not read oldSelf reports nothing on
		// a value the update left unchanged.
		failed = []jen.Code{jen.If(jen.Op("!").Parens(unchanged())).Block(failed...)}
	}
	var check []jen.Code
	check = append(check, stmts...)
	onFalse := jen.If(jen.Op("!").Parens(res.val)).Block(failed...)
	if res.err != nil {
		check = append(check, jen.If(res.err.Clone().Op("!=").Lit("")).Block(
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "CELEvalError").Call(path.Clone(), jen.Lit(selfType), res.err, jen.Lit(ruleString))),
		).Else().Add(onFalse))
	} else {
		check = append(check, onFalse)
	}
	out := []jen.Code{jen.Comment("rule: " + oneLine(r.Rule))}
	if usesOld && !optional {
		// A transition rule runs only where there is an old value.
		return append(out, jen.If(hasOld()).Block(check...)), nil
	}
	return append(out, jen.Block(check...)), nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// referencesOldSelf reports whether the checked rule reads oldSelf.
func referencesOldSelf(a *cel.Ast) bool {
	for _, ref := range a.NativeRep().ReferenceMap() {
		if ref.Name == schemacel.OldScopedVarName {
			return true
		}
	}
	return false
}

// envFor is the server's environments for the rules of schema node s:
// with oldSelf, and with oldSelf optional (nil unless one of rules has
// optionalOldSelf: an environment costs as much as compiling several
// rules).
func envFor(s *apiextv1.JSONSchemaProps, isRoot bool, rules []apiextv1.ValidationRule) (*cel.Env, *cel.Env, *structuralschema.Structural, error) {
	var internal apiextensions.JSONSchemaProps
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(s, &internal, nil); err != nil {
		return nil, nil, nil, err
	}
	st, err := structuralschema.NewStructural(&internal)
	if err != nil {
		return nil, nil, nil, err
	}
	declType := celmodel.SchemaDeclType(st, isRoot)
	if declType == nil {
		return nil, nil, nil, unsupportedf("a schema CEL has no type for")
	}
	scoped := declType.MaybeAssignTypeName("__self__")
	base := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	extend := func(old *cel.Type) (*cel.Env, error) {
		set, err := base.Extend(
			environment.VersionedOptions{IntroducedVersion: version.MajorMinor(1, 0),
				EnvOptions: []cel.EnvOption{cel.Variable(schemacel.ScopedVarName, scoped.CelType())},
				DeclTypes:  []*apiservercel.DeclType{scoped}},
			environment.VersionedOptions{IntroducedVersion: version.MajorMinor(1, 24),
				EnvOptions: []cel.EnvOption{cel.Variable(schemacel.OldScopedVarName, old)}},
		)
		if err != nil {
			return nil, err
		}
		return set.NewExpressionsEnv(), nil
	}
	env, err := extend(scoped.CelType())
	if err != nil {
		return nil, nil, nil, err
	}
	if !slices.ContainsFunc(rules, isOptionalOldSelf) {
		return env, nil, st, nil
	}
	optEnv, err := extend(celtypes.NewOptionalType(scoped.CelType()))
	if err != nil {
		return nil, nil, nil, err
	}
	return env, optEnv, st, nil
}

func isOptionalOldSelf(r apiextv1.ValidationRule) bool {
	return r.OptionalOldSelf != nil && *r.OptionalOldSelf
}
