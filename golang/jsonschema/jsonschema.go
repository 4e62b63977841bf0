// Package jsonschema is the Go backend of controller-gen's dialect: for
// each kind of a package written for controller-gen, it writes a
// Validate_<Kind> that checks the kind's CRD schema (the one package
// kubebuilder built, which the CRD backend writes as it is) on the Go
// object as the API server checks the object's JSON: a keyword holds for
// a value present in the JSON the object encodes to (a nil pointer, an
// omitempty zero value and a nil list or map are absent), a required
// property must be present, list-maps and list-sets have unique items,
// and the CEL rules run on the server's CEL validator (runtime/celrules).
// The object is the one the server validates: defaulted, as a webhook
// receives it. A keyword the Go side cannot check is an error at
// generation, never a check left out.
package jsonschema

import (
	"errors"
	"fmt"
	"go/token"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang"
	"github.com/declval/validation-gen/golang/celgo"
	"github.com/declval/validation-gen/golang/gosource"
	"github.com/declval/validation-gen/golang/schemakey"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
)

const (
	pkgRT       = "github.com/declval/validation-gen/runtime"
	pkgCELRules = "github.com/declval/validation-gen/runtime/celrules"
	pkgField    = "k8s.io/apimachinery/pkg/util/validation/field"
	pkgOp       = "k8s.io/apimachinery/pkg/api/operation"
	pkgK8sRT    = "k8s.io/apimachinery/pkg/runtime"
	metaV1      = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type emitter struct {
	p    *kubebuilder.Package
	f    *jen.File
	kind *kubebuilder.Kind
	// fns names the function of each struct type and schema, by key;
	// pending are those still to write.
	fns     map[string]string
	names   map[string]bool
	pending []pendingFn
	// regexps name the compiled patterns, by pattern.
	regexps map[string]string
	// keyFns name the key functions of list-maps, by item type and keys.
	keyFns map[string]string
	n      int
	// texts numbers the Text variables apart from n, so that adding one
	// renames nothing else in a package's file.
	texts int
	// structType is the struct whose function is being written;
	// registrations are the calls of the generated init(), for the
	// ratcheting's comparison: the list-maps of structs
	// (runtime.RegisterListMap), their opaque fields (RegisterOpaque),
	// the plain structs and the maps of them (registered says which, by
	// key: registerOnce).
	structType    *types.Type
	registrations []jen.Code
	registered    map[string]bool
	// at is where the field being checked is declared, for errors.
	at   token.Position
	errs []error
	// outside reports a position in a package outside the run (a
	// dependency), whose problems are warnings (dependencyProblems), not
	// errors: a dependency never stops a run.
	outside            func(token.Position) bool
	dependencyProblems []*markers.Warning
	// compiledCEL are the kinds whose CEL rules were compiled to Go, for
	// the differential test.
	compiledCEL []celgo.TestCase
}

type pendingFn struct {
	// root: the kind itself, whose own errors the server does not
	// ratchet (its old object's metadata always differs).
	root bool
	name string
	t    *types.Type
	s    *apiextv1.JSONSchemaProps
}

// File renders the validation of a package of controller-gen's dialect,
// and the differential test of the CEL rules it compiled to Go
// (celgo.TestFile; nil when it compiled none). What it cannot check of a
// type declared outside the run (outside reports those positions; nil
// for none) is left to the API server, with a dependency-problem warning.
func File(p *kubebuilder.Package, header []byte, outside func(token.Position) bool) (src, celTest []byte, warnings []*markers.Warning, err error) {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.ImportAlias(pkgRT, "vgruntime")
	f.ImportAlias(pkgK8sRT, "runtime")
	if len(header) > 0 {
		f.HeaderComment(strings.TrimRight(string(header), "\n"))
	}
	f.HeaderComment("//go:build !" + golang.BuildTag)
	f.HeaderComment(strings.TrimPrefix(golang.GeneratedMarker, "// "))
	e := &emitter{p: p, f: f, fns: map[string]string{}, names: map[string]bool{}, regexps: map[string]string{}, keyFns: map[string]string{}, registered: map[string]bool{}, outside: outside}
	e.register()
	for _, k := range p.Kinds {
		e.kind = k
		e.kindFunc(k)
		for len(e.pending) > 0 {
			fn := e.pending[0]
			e.pending = e.pending[1:]
			e.structFunc(fn)
		}
	}
	if len(e.errs) > 0 {
		return nil, nil, nil, markers.JoinSorted(e.errs)
	}
	if len(e.registrations) > 0 {
		f.Comment("What the ratcheting's comparison of old and new values needs to know: the list-maps")
		f.Comment("below the kinds, compared by their keys, and the plain structs, compared with ==.")
		f.Func().Id("init").Params().Block(e.registrations...)
	}
	if src, err = gosource.Render(f); err != nil {
		return nil, nil, nil, fmt.Errorf("rendering %s: %w", p.Path, err)
	}
	if len(e.compiledCEL) > 0 {
		hdr := []string{"//go:build !" + golang.BuildTag, strings.TrimPrefix(golang.GeneratedMarker, "// ")}
		if len(header) > 0 {
			hdr = append([]string{strings.TrimRight(string(header), "\n")}, hdr...)
		}
		if celTest, err = celgo.TestFile(p.Path, p.Name, hdr, e.compiledCEL); err != nil {
			return nil, nil, nil, err
		}
	}
	return src, celTest, e.dependencyProblems, nil
}

// register writes RegisterValidations, which a controller-runtime project
// calls with its scheme (its API package has no localSchemeBuilder).
func (e *emitter) register() {
	var body []jen.Code
	for _, k := range e.p.Kinds {
		name := k.Go.Name.Name
		if k.Unregistered {
			// No runtime.Object yet (a warning of the run says so): the
			// call would not compile.
			body = append(body, jen.Comment("*"+name+" is no runtime.Object yet (no DeepCopyObject): not registered."))
			continue
		}
		body = append(body, jen.Id("scheme").Dot("AddValidationFunc").Call(jen.Parens(jen.Op("*").Id(name)).Call(jen.Nil()),
			jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("op").Qual(pkgOp, "Operation"), jen.List(jen.Id("obj"), jen.Id("oldObj")).Interface()).Qual(pkgField, "ErrorList").Block(
				jen.Commentf("Every request, the main resource's or a subresource's (op.Request), is validated by Validate_%s,", name),
				jen.Comment("as the server validates them all against the kind's schema."),
				jen.Return(jen.Id("Validate_"+name).Call(jen.Id("ctx"), jen.Id("op"), jen.Nil(), jen.Id("obj").Assert(jen.Op("*").Id(name)), jen.Qual(pkgRT, "OldAs").Types(jen.Op("*").Id(name)).Call(jen.Id("oldObj")))),
			)))
	}
	body = append(body, jen.Return(jen.Nil()))
	e.f.Comment("RegisterValidations adds the validation of the package's kinds to a scheme.")
	e.f.Comment("Call it with the scheme the package's types are added to (AddToScheme).")
	e.f.Func().Id("RegisterValidations").Params(jen.Id("scheme").Op("*").Qual(pkgK8sRT, "Scheme")).Error().Block(body...)
	e.f.Line()
}

// kindFunc writes Validate_<Kind>.
func (e *emitter) kindFunc(k *kubebuilder.Kind) {
	name := k.Go.Name.Name
	fn := e.rootFn(k.Go, k.Schema, "")
	cel := celSchema(k.Schema)
	body := []jen.Code{
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Var().Id("p").Qual(pkgRT, "Path"),
		jen.Var().Id("errs").Qual(pkgField, "ErrorList"),
	}
	call := func(obj, old jen.Code) jen.Code { return jen.Id(fn).Call(jen.Op("&").Id("p"), obj, old) }
	if main := withoutStatus(k); main != nil {
		// With the status subresource, the server drops the status a
		// create sends and keeps the old one on an update of the main
		// resource, so it never checks the status there (its own
		// required properties included); a webhook gets the object
		// without it, which Go decodes to a zero status. Direct calls:
		// a function value would move p to the heap.
		mainFn, full := e.rootFn(k.Go, main, "_main"), fn
		fn = "validate_" + name + "_request"
		e.names[fn] = true
		e.f.Commentf("%s checks a %s of a request for the main resource (main), whose", fn, name)
		e.f.Comment("status the server does not take, or for a subresource.")
		e.f.Func().Id(fn).Params(jen.Id("main").Bool(), jen.Id("p").Op("*").Qual(pkgRT, "Path"), jen.List(jen.Id("obj"), jen.Id("old")).Op("*").Id(name)).Qual(pkgField, "ErrorList").Block(
			jen.If(jen.Id("main")).Block(jen.Return(jen.Id(mainFn).Call(jen.Id("p"), jen.Id("obj"), jen.Id("old")))),
			jen.Return(jen.Id(full).Call(jen.Id("p"), jen.Id("obj"), jen.Id("old"))))
		e.f.Line()
		body = append(body, jen.Id("main").Op(":=").Id("op").Dot("Request").Dot("SubresourcePath").Call().Op("==").Lit("/"))
		call = func(obj, old jen.Code) jen.Code {
			return jen.Id(fn).Call(jen.Id("main"), jen.Op("&").Id("p"), obj, old)
		}
	}
	body = append(body,
		jen.If(jen.Id("op").Dot("Type").Op("==").Qual(pkgOp, "Update").Op("&&").Id("oldObj").Op("!=").Nil()).Block(
			jen.Comment("As the server: what did not change is not checked again (ratcheting),"),
			jen.Comment("and the items of list-sets and list-maps must be unique unless the"),
			jen.Comment("old object's were not."),
			jen.Id("errs").Op("=").Qual(pkgRT, "UpdateErrors").Call(
				call(jen.Id("obj"), jen.Id("oldObj")),
				call(jen.Id("obj"), jen.Nil()),
				call(jen.Id("oldObj"), jen.Nil())),
		).Else().Block(
			jen.Id("errs").Op("=").Add(call(jen.Id("obj"), jen.Nil())),
		),
		jen.Id("errs").Op("=").Qual(pkgRT, "Rebase").Call(jen.Id("errs"), jen.Id("fldPath")),
	)
	if sc := k.Markers.Scale; sc != nil {
		body = append(body, jen.Comment("The scale subresource's replicas, as the server checks them on every write."))
		for _, path := range []string{sc.SpecPath, sc.StatusPath} {
			if code := e.scaleReplicas(k, path); code != nil {
				body = append(body, code)
			}
		}
	}
	if cel != nil {
		body = append(body,
			jen.Comment("As the server: the rules run only when the schema found no error that makes them unsafe."),
			jen.If(jen.Id("blocked").Op(":=").Qual(pkgRT, "CELBlocked").Call(jen.Id("errs")), jen.Id("blocked").Op("!=").Nil()).Block(
				jen.Return(jen.Append(jen.Id("errs"), jen.Id("blocked"))),
			))
		body = append(body, e.celRules(k, cel)...)
	}
	body = append(body, jen.Return(jen.Id("errs")))
	e.f.Commentf("Validate_%s validates %s as the API server validates it against its CRD", name, name)
	e.f.Comment("(the schema controller-gen's markers describe), on the object the server")
	e.f.Comment("defaulted. oldObj is nil on create; a nil obj is valid.")
	e.f.Func().Id("Validate_"+name).Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("op").Qual(pkgOp, "Operation"), jen.Id("fldPath").Op("*").Qual(pkgField, "Path"),
		jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Id(name)).Qual(pkgField, "ErrorList").Block(body...)
	e.f.Line()
}

// withoutStatus is the kind's schema without its status, which the main
// resource's requests do not set when the kind has the status
// subresource; nil when it has none or no status property.
func withoutStatus(k *kubebuilder.Kind) *apiextv1.JSONSchemaProps {
	if !k.Markers.Status {
		return nil
	}
	if _, ok := k.Schema.Properties["status"]; !ok {
		return nil
	}
	// The emitter only reads schemas: the nodes below are shared.
	s := *k.Schema
	s.Properties = maps.Clone(s.Properties)
	delete(s.Properties, "status")
	s.Required = slices.DeleteFunc(slices.Clone(s.Required), func(r string) bool { return r == "status" })
	return &s
}

// scaleReplicas checks the integer at a scale subresource's replicas path
// (.spec.replicas) as the server does: not negative, not above an int32.
func (e *emitter) scaleReplicas(k *kubebuilder.Kind, jsonPath string) jen.Code {
	t := k.Go
	expr := jen.Id("obj")
	var guards []jen.Code
	for _, step := range strings.Split(strings.TrimPrefix(jsonPath, "."), ".") {
		st := gotype.Resolve(t)
		if st.Kind == types.Pointer {
			st = gotype.Resolve(st.Elem)
		}
		m, ok := memberByJSON(st, step)
		if !ok {
			return nil // crd.Check reports a path that is not a field
		}
		expr = expr.Clone().Dot(m.Name)
		t = m.Type
		if t.Kind == types.Pointer {
			guards = append(guards, expr.Clone().Op("!=").Nil())
			expr = jen.Parens(jen.Op("*").Add(expr))
			t = t.Elem
		}
	}
	if r := gotype.Resolve(t); r.Kind != types.Builtin || gotype.BuiltinKind(r.Name.Name) != "int" {
		return nil
	}
	v := jen.Int64().Call(expr)
	check := jen.If(v.Clone().Op("<").Lit(0)).Block(
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgField, "Invalid").Call(jen.Qual(pkgField, "NewPath").Call(jen.Lit(strings.TrimPrefix(jsonPath, "."))), v.Clone(), jen.Lit("should be a non-negative integer"))),
	).Else().If(v.Clone().Op(">").Qual("math", "MaxInt32")).Block(
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgField, "Invalid").Call(jen.Qual(pkgField, "NewPath").Call(jen.Lit(strings.TrimPrefix(jsonPath, "."))), v.Clone(), jen.Lit(fmt.Sprintf("should be less than or equal to %d", math.MaxInt32)))),
	)
	if len(guards) == 0 {
		return check
	}
	cond := guards[0].(*jen.Statement)
	for _, g := range guards[1:] {
		cond = cond.Clone().Op("&&").Add(g)
	}
	return jen.If(cond).Block(check)
}

// rootFn names the function that checks a kind: as structFn's, but
// without ratcheting the kind's own errors.
func (e *emitter) rootFn(t *types.Type, s *apiextv1.JSONSchemaProps, suffix string) string {
	name := "validate_" + t.Name.Name + "_root" + suffix
	e.names[name] = true
	e.pending = append(e.pending, pendingFn{name: name, t: t, s: s, root: true})
	return name
}

// structFn names the function that checks values of struct type t
// against schema s, queueing it on first use.
func (e *emitter) structFn(t *types.Type, s *apiextv1.JSONSchemaProps) string {
	key := t.Name.String() + "\x00" + schemakey.Checks(s)
	if n, ok := e.fns[key]; ok {
		return n
	}
	base := "validate_" + t.Name.Name
	if t.Name.Package != e.p.Path {
		// The last two elements of the path: core/v1 and meta/v1 apart.
		parts := strings.Split(t.Name.Package, "/")
		prefix := strings.Join(parts[max(0, len(parts)-2):], "")
		base = "validate_" + strings.Map(func(r rune) rune {
			if r == '.' || r == '-' {
				return '_'
			}
			return r
		}, prefix) + "_" + t.Name.Name
	}
	name := base
	for i := 2; e.names[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	e.names[name] = true
	e.fns[key] = name
	e.pending = append(e.pending, pendingFn{name: name, t: t, s: s})
	return name
}

// structFunc writes the checks of one struct type against its schema.
func (e *emitter) structFunc(fn pendingFn) {
	// As the server ratchets: a struct whose JSON equals its old value's
	// (list-maps compared item by item through their keys) is not
	// checked again, nor is anything in it.
	var body []jen.Code
	if !fn.root {
		unchanged := jen.Qual(pkgRT, "Unchanged").Call(jen.Id("obj"), jen.Id("old"))
		if plainStruct(fn.t) {
			e.plain(fn.t)
			unchanged = jen.Qual(pkgRT, "UnchangedPlain").Call(jen.Id("obj"), jen.Id("old"))
		}
		body = append(body, jen.If(unchanged).Block(jen.Return()))
	}
	// The maps of plain structs this struct holds, compared without
	// reflection by the Unchanged of this struct and of those above it.
	for _, m := range fn.t.Members {
		if plainMapType(gotype.Deref(m.Type)) {
			e.plainMap(gotype.Deref(m.Type))
		}
	}
	e.structType = fn.t
	e.fieldsOf(fn.t, fn.s, jen.Id("obj"), "old", &body)
	body = append(body, jen.Return())
	e.f.Commentf("%s checks a %s against its schema; old is its old value on an", fn.name, fn.t.Name.Name)
	e.f.Comment("update (nil when there is none), which ratchets what did not change.")
	e.f.Func().Id(fn.name).Params(jen.Id("p").Op("*").Qual(pkgRT, "Path"), jen.List(jen.Id("obj"), jen.Id("old")).Op("*").Add(typeRef(fn.t))).Parens(jen.Id("errs").Qual(pkgField, "ErrorList")).Block(body...)
	e.f.Line()
}

// fieldsOf adds the checks of a struct's fields (an embedded struct's
// fields are the struct's, on the same schema); old names the variable
// holding the struct's old value (nil when there is none).
func (e *emitter) fieldsOf(t *types.Type, s *apiextv1.JSONSchemaProps, obj *jen.Statement, old string, body *[]jen.Code) {
	for _, m := range t.Members {
		tag, ok := reflect.StructTag(m.Tags).Lookup("json")
		if !ok || tag == "-" {
			continue
		}
		parts := strings.Split(tag, ",")
		name, opts := parts[0], parts[1:]
		ft := gotype.RealType(m.Type, gotype.FieldType(t, m.Name))
		if name == "" || slices.Contains(opts, "inline") {
			inner := ft
			ov := e.free("ov")
			if inner.Kind == types.Pointer {
				// An embedded pointer left nil writes none of its fields.
				sub := []jen.Code{oldField(ov, inner.Elem, old, m.Name, true), jen.Id("_").Op("=").Id(ov)}
				n := len(sub)
				e.fieldsOf(inner.Elem, s, obj.Clone().Dot(m.Name), ov, &sub)
				if len(sub) > n {
					*body = append(*body, jen.If(obj.Clone().Dot(m.Name).Op("!=").Nil()).Block(sub...))
				}
				continue
			}
			if inner.Kind == types.Struct || gotype.Resolve(inner).Kind == types.Struct {
				sub := []jen.Code{oldField(ov, inner, old, m.Name, false), jen.Id("_").Op("=").Id(ov)}
				n := len(sub)
				e.fieldsOf(inner, s, obj.Clone().Dot(m.Name), ov, &sub)
				if len(sub) > n {
					*body = append(*body, jen.Block(sub...))
				}
			}
			continue
		}
		fs, ok := s.Properties[name]
		if !ok {
			continue
		}
		required := slices.Contains(s.Required, name)
		at := e.at
		e.at = e.p.Fields[kubebuilder.Field{Type: t.Name, Member: m.Name}]
		e.field(m, ft, name, &fs, required, slices.Contains(opts, "omitempty"), slices.Contains(opts, "omitzero"), obj.Clone().Dot(m.Name), old, body)
		e.at = at
	}
}

// oldField declares v, the old value of a struct's field (a pointer to
// it, or the pointer the field holds), nil when old is nil.
func oldField(v string, t *types.Type, old, field string, isPtr bool) jen.Code {
	get := jen.Op("&").Id(old).Dot(field)
	if isPtr {
		get = jen.Id(old).Dot(field)
	}
	return jen.Id(v).Op(":=").Func().Params().Op("*").Add(elemRef(t)).Block(
		jen.If(jen.Id(old).Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Return(get),
	).Call()
}

// opaqueSchema reports a schema that keeps unknown fields and describes
// none (no properties, no additionalProperties): the server correlates
// nothing inside it.
func opaqueSchema(s *apiextv1.JSONSchemaProps) bool {
	return s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields && len(s.Properties) == 0 && s.AdditionalProperties == nil
}

// field adds the checks of one field: its presence in the JSON, and its
// value's when present.
func (e *emitter) field(m types.Member, ft *types.Type, name string, s *apiextv1.JSONSchemaProps, required, omitEmpty, omitZero bool, v *jen.Statement, old string, body *[]jen.Code) {
	path := e.free("fp")
	ov := e.free("ov")
	if s.XListType != nil && *s.XListType == "map" && e.structType != nil {
		args := []jen.Code{jen.Lit(name)}
		for _, k := range s.XListMapKeys {
			args = append(args, listMapKey(s, k))
		}
		e.registerOnce("field "+e.structType.Name.String()+"."+name, jen.Qual(pkgRT, "RegisterListMap").Types(typeRef(e.structType)).Call(args...))
	}
	if opaqueSchema(s) && e.structType != nil {
		// A struct or map the schema describes none of the fields of
		// (schemaless, unknown fields kept): compared as the server's
		// ratcheting compares it (runtime.RegisterOpaque).
		switch r := gotype.Resolve(gotype.Deref(ft)); r.Kind {
		case types.Struct, types.Map:
			e.registerOnce("field "+e.structType.Name.String()+"."+name, jen.Qual(pkgRT, "RegisterOpaque").Types(typeRef(e.structType)).Call(jen.Lit(name)))
		}
	}
	var absent *jen.Statement
	var value []jen.Code
	switch r := gotype.Resolve(ft); {
	case ft.Kind == types.Pointer:
		absent = v.Clone().Op("==").Nil()
		value = e.value(s, ft.Elem, v.Clone(), ov, path)
	case r.Kind == types.Slice || r.Kind == types.Map:
		if omitEmpty {
			absent = jen.Len(v.Clone()).Op("==").Lit(0)
		} else {
			absent = v.Clone().Op("==").Nil()
		}
		value = e.value(s, ft, jen.Op("&").Add(v.Clone()), ov, path)
	case r.Kind == types.Builtin && (omitEmpty || omitZero):
		absent = v.Clone().Op("==").Add(zeroOf(r))
		value = e.value(s, ft, jen.Op("&").Add(v.Clone()), ov, path)
	case ft.Name.Name == "RawExtension" && ft.Name.Package == "k8s.io/apimachinery/pkg/runtime",
		ft.Name.Name == "JSON" && strings.HasPrefix(ft.Name.Package, "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/"):
		// Raw JSON left empty is written as null, which the server drops.
		absent = jen.Qual(pkgRT, "RawNull").Call(v.Clone().Dot("Raw"))
		value = e.value(s, ft, jen.Op("&").Add(v.Clone()), ov, path)
	case omitZero:
		// encoding/json leaves out a zero struct tagged omitzero (by its
		// IsZero method when it has one).
		absent = jen.Qual(pkgRT, "IsZero").Call(jen.Op("&").Add(v.Clone()))
		value = e.value(s, ft, jen.Op("&").Add(v.Clone()), ov, path)
	default:
		value = e.value(s, ft, jen.Op("&").Add(v.Clone()), ov, path)
	}
	if len(value) > 0 {
		elem := ft
		if ft.Kind == types.Pointer {
			elem = ft.Elem
		}
		// (_ = ov: an atomic list's items have no old value to use it.)
		value = append([]jen.Code{oldField(ov, elem, old, m.Name, ft.Kind == types.Pointer), jen.Id("_").Op("=").Id(ov)}, value...)
	}
	nullable := s.Nullable && absent != nil && (ft.Kind == types.Pointer || gotype.Resolve(ft).Kind == types.Slice || gotype.Resolve(ft).Kind == types.Map) && !omitEmpty
	var code []jen.Code
	switch {
	case absent == nil:
		code = value
	case nullable:
		// null is kept, and is a value of its own: required holds, and no
		// keyword applies to it.
		if len(value) > 0 {
			code = []jen.Code{jen.If(absent.Clone().Op("==").False()).Block(value...)}
		}
	default:
		var onAbsent []jen.Code
		if required && s.Default == nil {
			onAbsent = append(onAbsent, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaRequired").Call(jen.Op("&").Id(path))))
		}
		switch {
		case len(onAbsent) > 0 && len(value) > 0:
			code = []jen.Code{jen.If(absent).Block(onAbsent...).Else().Block(value...)}
		case len(onAbsent) > 0:
			code = []jen.Code{jen.If(absent).Block(onAbsent...)}
		case len(value) > 0:
			code = []jen.Code{jen.If(jen.Op("!").Parens(absent)).Block(value...)}
		}
	}
	if len(code) == 0 {
		return
	}
	*body = append(*body, jen.Commentf("field %s", name), jen.Block(append([]jen.Code{jen.Id(path).Op(":=").Id("p").Dot("Child").Call(jen.Lit(name))}, code...)...))
}

func zeroOf(t *types.Type) jen.Code {
	switch gotype.BuiltinKind(t.Name.Name) {
	case "string":
		return jen.Lit("")
	case "bool":
		return jen.False()
	}
	return jen.Lit(0)
}

func (e *emitter) free(prefix string) string {
	e.n++
	return fmt.Sprintf("%s%d", prefix, e.n)
}

// errorf reports a keyword the Go validator cannot check, at the field
// being checked (its markers are above it), else at the kind.
func (e *emitter) errorf(format string, args ...any) {
	e.errorFix("report it: the schema has a keyword the Go validator does not check yet; the CRD alone would enforce it", format, args...)
}

func (e *emitter) errorFix(fix, format string, args ...any) {
	pos := e.at
	if !pos.IsValid() && e.kind != nil {
		pos = e.kind.Pos
	}
	if e.outside != nil && pos.IsValid() && e.outside(pos) {
		// A dependency's type: its check is left out of the Go validator
		// (the CRD keeps it, and the server checks it); the run goes on.
		e.dependencyProblems = append(e.dependencyProblems, &markers.Warning{Kind: markers.DependencyProblem, Pos: pos,
			Msg: fmt.Sprintf(format, args...) + " (left to the API server, whose CRD has it)", Fix: fix})
		return
	}
	e.errs = append(e.errs, &markers.Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Fix: fix})
}

// typeRef is a reference to a named type in generated code.
func typeRef(t *types.Type) *jen.Statement {
	return jen.Qual(t.Name.Package, t.Name.Name)
}

// isWhole reports whether f has no fractional part.
func isWhole(f float64) bool { return f == math.Trunc(f) }

// celSchema is s cut down to what its CEL rules need: the nodes on the
// way to a rule, and everything below a node with rules (which a rule
// can read); nil when s has no rule.
func celSchema(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if len(s.XValidations) > 0 {
		c := s.DeepCopy()
		stripDescriptions(c)
		return c
	}
	out := *s
	out.Description, out.Title, out.Example, out.ExternalDocs = "", "", nil, nil
	found := false
	out.Properties = nil
	for n, p := range s.Properties {
		if c := celSchema(&p); c != nil {
			if out.Properties == nil {
				out.Properties = map[string]apiextv1.JSONSchemaProps{}
			}
			out.Properties[n] = *c
			found = true
		}
	}
	// A required property the cut left out would be reported missing.
	var req []string
	for _, r := range out.Required {
		if _, ok := out.Properties[r]; ok {
			req = append(req, r)
		}
	}
	out.Required = req
	if s.Items != nil && s.Items.Schema != nil {
		if c := celSchema(s.Items.Schema); c != nil {
			out.Items = &apiextv1.JSONSchemaPropsOrArray{Schema: c}
			found = true
		} else {
			out.Items = &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}}
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		if c := celSchema(s.AdditionalProperties.Schema); c != nil {
			out.AdditionalProperties = &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: c}
			found = true
		} else {
			out.AdditionalProperties = &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}}
		}
	}
	if !found {
		return nil
	}
	if out.Type == "object" && out.AdditionalProperties == nil {
		out.XPreserveUnknownFields = ptrTo(true)
	}
	return &out
}

func stripDescriptions(s *apiextv1.JSONSchemaProps) {
	kubebuilder.EachNode(s, func(n *apiextv1.JSONSchemaProps) {
		n.Description, n.Title, n.Example, n.ExternalDocs = "", "", nil, nil
	})
}

func ptrTo[T any](v T) *T { return &v }

// ruleAt is the path, as kubebuilder.Kind's Positions name it, of the
// first schema node of s that carries rule, "" if none does.
func ruleAt(s *apiextv1.JSONSchemaProps, rule string) string {
	for path, n := range kubebuilder.Nodes(s) {
		if slices.ContainsFunc(n.XValidations, func(r apiextv1.ValidationRule) bool { return r.Rule == rule }) {
			return path
		}
	}
	return ""
}

// celRules is the code that evaluates a kind's CEL rules (cel, its rule
// schema): those in the compiled subset as Go (celgo.CompileKind), the
// others on the server's CEL validator (runtime/celrules).
func (e *emitter) celRules(k *kubebuilder.Kind, cel *apiextv1.JSONSchemaProps) []jen.Code {
	name := k.Go.Name.Name
	in := celgo.Kind{Go: k.Go, Schema: k.Schema, TypeRef: func(t *types.Type) *jen.Statement { return jen.Add(elemRef(t)) },
		Name: e.unique, RatchetVar: e.unique("celRatchet_" + name), RegexpVar: e.unique("celRegexps_" + name)}
	c, err := celgo.CompileKind(in)
	if ce := (*celgo.CompileError)(nil); errors.As(err, &ce) {
		if at, ok := k.Positions[ruleAt(k.Schema, ce.Rule)]; ok {
			e.at = at
			defer func() { e.at = token.Position{} }()
		}
		fix := "correct the rule: the API server rejects a CRD whose rule does not compile (controller-gen writes it as it is)"
		if strings.ContainsAny(ce.Rule, "“”") {
			// gofmt rewrites '' and `` in a doc comment as quotation marks.
			fix = "write an empty string as \"\" in the rule: gofmt turns '' in a doc comment into ” (and `` into “), which CEL does not read"
		}
		e.errorFix(fix, "the CEL rules of %s: %v", name, err)
		return nil
	} else if err != nil {
		e.errorf("the CEL rules of %s: %v", name, err)
		return nil
	}
	var body []jen.Code
	if c.Func != "" {
		if c.UsesRatchet {
			e.f.Commentf("%s is the schema of %s's CEL rules, on which the API server's correlation", in.RatchetVar, name)
			e.f.Comment("tells a changed value from an unchanged one when a compiled rule fails.")
			e.f.Var().Id(in.RatchetVar).Op("=").Add(celgo.Rules(cel, nil, true))
			e.f.Line()
		}
		for _, d := range append(celgo.RegexpDecls(in.RegexpVar, name, c.Regexps), c.Decls...) {
			e.f.Add(d)
		}
		at := e.unique("celAt_" + name)
		rt := jen.Nil()
		var mk []jen.Code
		if c.UsesRatchet {
			mk = append(mk, jen.Id("rt").Op(":=").Qual(pkgCELRules, "NewRatchet").Call(jen.Id(in.RatchetVar), jen.Id("p"), jen.Id("obj"), jen.Id("oldObj")))
			rt = jen.Op("&").Id("rt")
		}
		e.f.Commentf("%s evaluates the CEL rules of %s compiled to Go (%d of its %d): the API server's", at, name, c.Compiled, c.Total)
		e.f.Comment("CEL validator's verdicts, messages, reasons and paths, on the Go object.")
		e.f.Func().Id(at).Params(jen.Id("op").Qual(pkgOp, "Operation"), jen.Id("p").Op("*").Qual(pkgRT, "Path"), jen.List(jen.Id("obj"), jen.Id("oldObj")).Op("*").Id(name)).Qual(pkgField, "ErrorList").Block(
			append([]jen.Code{
				jen.If(jen.Id("op").Dot("Type").Op("!=").Qual(pkgOp, "Update")).Block(jen.Id("oldObj").Op("=").Nil()),
			}, append(mk, jen.Return(jen.Id(c.Func).Call(jen.Id("op"), rt, jen.Id("p"), jen.Id("obj"), jen.Id("oldObj"))))...)...)
		e.f.Line()
		e.compiledCEL = append(e.compiledCEL, celgo.TestCase{Type: k.Go, Func: at, Oracle: celgo.Rules(celSchema(c.CompiledOnly), nil, true),
			Compiled: &celgo.Compiled{Strings: c.Strings, Ints: c.Ints}})
		body = append(body, jen.Comment("The CEL rules compiled to Go."),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "Rebase").Call(jen.Id(at).Call(jen.Id("op"), jen.Op("&").Id("p"), jen.Id("obj"), jen.Id("oldObj")), jen.Id("fldPath")).Op("...")))
	}
	if c.Interpreted != nil {
		rest := celSchema(c.Interpreted)
		v := e.unique("celRules_" + name)
		e.f.Commentf("%s are the CEL rules of %s's schema that are not compiled to Go, evaluated by the API server's CEL validator:", v, name)
		for _, w := range c.Why {
			e.f.Comment("  - " + w)
		}
		e.f.Var().Id(v).Op("=").Add(celgo.Rules(rest, nil, true))
		e.f.Line()
		body = append(body, jen.Comment("The CEL rules not compiled, on the server's CEL validator."),
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgCELRules, "Validate").Call(jen.Id("ctx"), jen.Id(v), jen.Id("op"), jen.Id("fldPath"), jen.Id("obj"), jen.Id("oldObj")).Op("...")))
	}
	return body
}

// unique is a name no other declaration of the file has, from prefix.
func (e *emitter) unique(prefix string) string {
	name := prefix
	for i := 2; e.names[name]; i++ {
		name = fmt.Sprintf("%s_%d", prefix, i)
	}
	e.names[name] = true
	return name
}
