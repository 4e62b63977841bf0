package golang

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/celgo"
	"github.com/declval/validation-gen/golang/equal"
	"github.com/declval/validation-gen/golang/gosource"
	"github.com/declval/validation-gen/model"
)

const (
	pkgContext   = "context"
	pkgOperation = "k8s.io/apimachinery/pkg/api/operation"
	pkgField     = "k8s.io/apimachinery/pkg/util/validation/field"
	pkgEquality  = "k8s.io/apimachinery/pkg/api/equality"
	pkgK8sRT     = "k8s.io/apimachinery/pkg/runtime"
	pkgFmt       = "fmt"
	pkgRT        = "github.com/declval/validation-gen/runtime"
)

// Files renders the validation file of one package of the model (gofmt'd
// source) and the differential test of its compiled CEL rules
// (celgo.TestFile), nil when no rule was compiled.
func Files(m *model.Model, p *model.Package, header []byte) (src, celTest []byte, err error) {
	var compiled []celgo.TestCase
	if src, compiled, err = file(m, p, header); err != nil || len(compiled) == 0 {
		return src, nil, err
	}
	celTest, err = celTestFile(p, header, compiled)
	return src, celTest, err
}

func file(m *model.Model, p *model.Package, header []byte) ([]byte, []celgo.TestCase, error) {
	src, own, cc, err := render(m, p, header, renames{})
	if err != nil {
		return nil, nil, err
	}
	var rn renames
	if rn, err = clashes(src, p, own); err != nil || rn.empty() {
		return src, cc, err
	}
	// Renaming one import frees its name for another that jennifer named
	// after it (k8s.io/api's admissionregistration/v1 and apimachinery's
	// meta/v1 both guess v1), which may clash in turn: render until no
	// name clashes, each time keeping the earlier aliases.
	for range 8 {
		if src, own, cc, err = render(m, p, header, rn); err != nil {
			return nil, nil, err
		}
		again, err := clashes(src, p, own)
		if err != nil || again.empty() {
			return src, cc, err
		}
		rn = rn.merge(again)
	}
	return nil, nil, fmt.Errorf("rendering %s: the names of %v are hidden by declarations of the same names; this is validation-gen's mistake: please report it", p.Path, rn)
}

// render writes the file, importing the paths of rn.imports under those
// names and naming the package's own types of rn.types by their aliases.
// It returns the package's own types the file names.
func render(m *model.Model, p *model.Package, header []byte, rn renames) ([]byte, map[string]bool, []celgo.TestCase, error) {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.ImportAlias(pkgRT, "vgruntime")
	f.ImportAlias(pkgK8sRT, "runtime")
	for path, alias := range rn.imports {
		f.ImportAlias(path, alias)
	}
	if len(header) > 0 {
		f.HeaderComment(strings.TrimRight(string(header), "\n"))
	}
	f.HeaderComment("//go:build !" + BuildTag)
	f.HeaderComment(strings.TrimPrefix(GeneratedMarker, "// "))
	e := &goEmitter{m: m, p: p, f: f, typeAliases: rn.types, ownTypes: map[string]bool{}}
	e.eq = equal.New(e)
	e.listKeys = map[string]string{}
	e.itemFinders = map[string]string{}
	if p.SchemeRegistry != "" && len(p.Roots) > 0 {
		e.registerFunc()
	}
	for _, t := range p.Types {
		e.typeFuncs(t)
	}
	e.eq.Emit()
	for _, c := range e.post {
		f.Add(c)
	}
	e.typeAliasDecls()
	src, err := gosource.Render(f)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("rendering %s: %w", p.Path, err)
	}
	return src, e.ownTypes, e.compiledCEL, nil
}

type goEmitter struct {
	m  *model.Model
	p  *model.Package
	f  *jen.File
	eq *equal.Equalities
	// listKeys names the list-map key functions by item type and keys;
	// post holds their declarations, written at the end of the file.
	listKeys map[string]string
	post     []jen.Code
	// unionVars and itemFinders name the union descriptions and item
	// lookups written at the end of the file.
	unionVars   []string
	itemFinders map[string]string
	// enumVarNames are, by enum type, the names of the values and
	// exclusions written for an enum with conditional exclusions.
	enumVarNames map[string][2]string
	// transitionVars name the schemas of unchanged values' transition
	// rules, by value type (unchangedTransitions).
	transitionVars map[string]*celgo.UnchangedCompiled
	// celNames are the names the CEL rules compiled for unchanged values
	// took.
	celNames celgo.Names
	// treeFns name the validateTree functions of recursive types.
	treeFns map[*types.Type]string
	// typeAliases name the package's own types that a parameter or local
	// of the generated code would hide (a type named p or obj); ownTypes
	// records the package's types the file names.
	typeAliases map[string]string
	ownTypes    map[string]bool
	// compiledCEL are the types whose CEL rules were compiled to Go.
	compiledCEL []celgo.TestCase
}

// registerFunc writes RegisterValidations: one dispatcher per root type.
func (e *goEmitter) registerFunc() {
	reg := e.p.SchemeRegistry
	regPkg, regType := pkgK8sRT, "Scheme"
	if i := strings.LastIndex(reg, "."); i > 0 && strings.Contains(reg, "/") {
		regPkg, regType = reg[:i], reg[i+1:]
	}
	var body []jen.Code
	for _, t := range e.p.Roots {
		paths := subresourcePaths(e.p, t)
		tq := e.typeQual(t.Go)
		var cases []jen.Code
		cases = append(cases, jen.Case(lits(paths)...).Block(
			jen.Return(jen.Id("Validate_"+t.Go.Name.Name).Call(
				jen.Id("ctx"), jen.Id("op"), jen.Nil(),
				jen.Id("obj").Assert(jen.Op("*").Add(tq)),
				jen.Qual(pkgRT, "OldAs").Types(jen.Op("*").Add(tq)).Call(jen.Id("oldObj")),
			)),
		))
		body = append(body, jen.Id("scheme").Dot("AddValidationFunc").Call(
			jen.Parens(jen.Op("*").Add(tq)).Call(jen.Nil()),
			jen.Func().Params(
				jen.Id("ctx").Qual(pkgContext, "Context"),
				jen.Id("op").Qual(pkgOperation, "Operation"),
				jen.Id("obj"), jen.Id("oldObj").Interface(),
			).Qual(pkgField, "ErrorList").Block(
				jen.Switch(jen.Id("op").Dot("Request").Dot("SubresourcePath").Call()).Block(cases...),
				jen.Return(jen.Qual(pkgField, "ErrorList").Values(
					jen.Qual(pkgField, "InternalError").Call(jen.Nil(),
						jen.Qual(pkgFmt, "Errorf").Call(jen.Lit("no validation found for %T, subresource: %v"), jen.Id("obj"), jen.Id("op").Dot("Request").Dot("SubresourcePath").Call())),
				)),
			),
		))
	}
	body = append(body, jen.Return(jen.Nil()))
	// The registration Kubernetes' generator writes; model.Build made sure
	// that the package declares a localSchemeBuilder that takes it.
	e.f.Func().Id("init").Params().Block(jen.Id("localSchemeBuilder").Dot("Register").Call(jen.Id("RegisterValidations")))
	e.f.Line()
	e.f.Comment("RegisterValidations adds validation functions to the given scheme.")
	e.f.Comment("Public to allow building arbitrary schemes.")
	e.f.Func().Id("RegisterValidations").Params(jen.Id("scheme").Op("*").Qual(regPkg, regType)).Error().Block(body...)
	e.f.Line()
}

// subresourcePaths are the request paths a root type's validation serves:
// the root and every supported subresource, sorted, or only the
// subresource of an isSubresource package or type.
func subresourcePaths(p *model.Package, t *model.Type) []string {
	if t.IsSubresource != "" {
		return []string{t.IsSubresource}
	}
	if p.IsSubresource != "" {
		return []string{p.IsSubresource}
	}
	set := map[string]bool{"/": true}
	for _, s := range append(append([]string{}, p.Subresources...), t.Subresources...) {
		set[s] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func lits(ss []string) []jen.Code {
	out := make([]jen.Code, len(ss))
	for i, s := range ss {
		out[i] = jen.Lit(s)
	}
	return out
}

// typeQual is the Go type expression of a named type.
func (e *goEmitter) typeQual(t *types.Type) *jen.Statement {
	if t.Name.Package == e.p.Path {
		if a, ok := e.typeAliases[t.Name.Name]; ok {
			return jen.Id(a)
		}
		e.ownTypes[t.Name.Name] = true
	}
	return jen.Qual(t.Name.Package, t.Name.Name)
}

// typeAliasDecls declares the aliases of typeAliases.
func (e *goEmitter) typeAliasDecls() {
	names := make([]string, 0, len(e.typeAliases))
	for n := range e.typeAliases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		e.f.Commentf("%s names the type %s where a parameter or local of this file hides it.", e.typeAliases[n], n)
		e.f.Type().Id(e.typeAliases[n]).Op("=").Id(n)
	}
}

// typeCode renders any Go type.
func (e *goEmitter) typeCode(t *types.Type) *jen.Statement {
	if t.Name.Package != "" && token.IsIdentifier(t.Name.Name) {
		// A named type of any kind, named pointers included (gengo gives
		// type P *int the kind Pointer).
		return e.typeQual(t)
	}
	switch t.Kind {
	case types.Pointer:
		return jen.Op("*").Add(e.typeCode(t.Elem))
	case types.Slice:
		return jen.Index().Add(e.typeCode(t.Elem))
	case types.Array:
		return jen.Index(jen.Lit(t.Len)).Add(e.typeCode(t.Elem))
	case types.Map:
		return jen.Map(e.typeCode(t.Key)).Add(e.typeCode(t.Elem))
	case types.Builtin:
		return jen.Id(t.Name.Name)
	}
	if t.Name.Package != "" {
		return e.typeQual(t)
	}
	return jen.Id(t.Name.Name)
}

// typeFuncs writes Validate_<T> (the public surface) and ValidateAt_<T>
// (the same with a lazy path, which generated code calls).
func (e *goEmitter) typeFuncs(t *model.Type) {
	name := t.Go.Name.Name
	tq := e.typeQual(t.Go)
	e.f.Commentf("Validate_%s validates an instance of %s according to the declarative", name, name)
	e.f.Comment("validation tags of its type. oldObj is nil on create; a nil obj is valid.")
	e.f.Func().Id("Validate_"+name).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"),
		jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("fldPath").Op("*").Qual(pkgField, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(tq),
	).Qual(pkgField, "ErrorList").Block(
		// A nil object has nothing to validate; returning here keeps a
		// caller's nil from ever reaching a dereference.
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Var().Id("p").Qual(pkgRT, "Path"),
		jen.Return(jen.Qual(pkgRT, "Rebase").Call(
			jen.Id("ValidateAt_"+name).Call(jen.Id("ctx"), jen.Id("op"), jen.Op("&").Id("p"), jen.Id("obj"), jen.Id("oldObj")),
			jen.Id("fldPath"))),
	)
	e.f.Line()

	params := []jen.Code{
		jen.Id("ctx").Qual(pkgContext, "Context"),
		jen.Id("op").Qual(pkgOperation, "Operation"),
		jen.Id("p").Op("*").Qual(pkgRT, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Add(tq),
	}
	if e.treeType(t) {
		e.treeFuncs(t, params)
		return
	}
	c := &fnCtx{e: e}
	root := &pathVar{name: "p", ptr: true}
	var body []jen.Code
	self := place{t: t.Go, rules: t.Rules, v: "obj", ov: "oldObj", path: root, enum: t.Enum, enumLevel: t.EnumLevel, typeFunc: true}
	if t.Go.Kind == types.Struct {
		body = append(body, c.unionChecks(t.Unions, "obj", "oldObj", root, false)...)
		body = append(body, c.dependencyChecks(t.Dependencies, "obj", "oldObj", root)...)
		body = append(body, c.modeChecks(t, root)...)
		var own []jen.Code
		stops := stopsStruct(t.Rules)
		if !stops {
			own = c.valueChecks(self, nil)
		}
		fields, _ := c.structFields(t, "obj", "oldObj", root)
		if e.m.HasCEL(t) {
			fields = append(fields, e.celRulesCall(t, root)...)
		}
		if stops {
			// As in Kubernetes, a type's short-circuiting check that
			// reports stops the struct's other checks and its fields.
			body = c.valueChecks(self, append(body, fields...))
		} else {
			body = append(append(body, own...), fields...)
		}
	} else {
		body = append(body, c.valueChecks(self, c.structure(self, false))...)
	}
	e.f.Commentf("ValidateAt_%s is Validate_%s with a lazily built field path; generated", name, name)
	e.f.Comment("code calls it so that validating a valid object allocates nothing.")
	body = c.withFreshRoot(body)
	if len(body) == 0 {
		e.f.Func().Id("ValidateAt_" + name).Params(params...).Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(jen.Return())
	} else {
		body = append(body, jen.Return())
		e.f.Func().Id("ValidateAt_" + name).Params(params...).Params(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(body...)
	}
	e.f.Line()
}

// stopsStruct reports whether a struct type's own rules can stop the
// checks of its fields, as Kubernetes' short-circuiting type checks do: a
// failing ShortCircuit test tag, or immutable on an update that changed
// the struct.
func stopsStruct(rules []model.Rule) bool {
	for _, r := range rules {
		switch x := r.(type) {
		case model.Fixed:
			if x.Stop {
				return true
			}
		case model.Immutable:
			return true
		case model.IfOption:
			if stopsStruct(x.Rules) {
				return true
			}
		}
	}
	return false
}

// withFreshRoot declares the path that calls into recursive types start
// from, when body still has such a call: a presence rule (forbidden) may
// have dropped the code that had one.
func (c *fnCtx) withFreshRoot(body []jen.Code) []jen.Code {
	if !c.freshRoot || !mentions(fmt.Sprintf("%#v", jen.Block(body...)), "freshRoot") {
		return body
	}
	return append([]jen.Code{jen.Var().Id("freshRoot").Qual(pkgRT, "Path")}, body...)
}

// Jen, Package, TypeCode and Taken make the emitter the file equal
// writes its functions into.
func (e *goEmitter) Jen() *jen.File                        { return e.f }
func (e *goEmitter) Package() string                       { return e.p.Path }
func (e *goEmitter) TypeCode(t *types.Type) *jen.Statement { return e.typeCode(t) }
func (e *goEmitter) Taken(name string) bool                { return e.taken(name) }
