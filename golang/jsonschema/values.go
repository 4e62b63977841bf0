package jsonschema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/dialect"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/kubebuilder"
)

// value is the code that checks the value ptr points to (an expression of
// type *t) against schema s, reporting at the Path variable path; old
// names the variable holding a pointer to its old value ("": none), with
// which an unchanged value is not checked again, as the server ratchets.
func (e *emitter) value(s *apiextv1.JSONSchemaProps, t *types.Type, ptr *jen.Statement, old, path string) []jen.Code {
	if t.Kind == types.Pointer {
		oe := e.free("oe")
		inner := e.value(s, t.Elem, jen.Op("*").Add(ptr.Clone()), oe, path)
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.If(jen.Op("*").Add(ptr.Clone()).Op("!=").Nil()).Block(append([]jen.Code{jen.Id(oe).Op(":=").Qual(pkgRT, "OldElem").Call(oldRef(old))}, inner...)...)}
	}
	// As the server ratchets: a value whose JSON equals its old value's
	// is not checked again, nor anything in it; else what it holds is
	// checked against the old values correlated with it.
	own, below := e.checks(s, t, ptr, old, path)
	all := append(own, below...)
	if len(all) == 0 || old == "" || (len(own) == 0 && t.Kind == types.Struct && !ownJSON(t)) {
		return all // a struct's function ratchets itself
	}
	unchanged := jen.Qual(pkgRT, "Unchanged").Call(ptr.Clone(), jen.Id(old))
	r := gotype.Resolve(t)
	if r.Kind == types.Builtin && !ownJSON(t) {
		// A scalar's JSON is equal when its value is: compared without
		// reflection, so that a copy (a map's value) does not escape.
		unchanged = jen.Qual(pkgRT, "UnchangedScalar").Call(ptr.Clone(), jen.Id(old))
	}
	if plainStruct(r) {
		e.plain(r)
		unchanged = jen.Qual(pkgRT, "UnchangedPlain").Call(ptr.Clone(), jen.Id(old))
	}
	if r.Kind == types.Slice && s.XListType != nil && *s.XListType == "map" {
		args := []jen.Code{ptr.Clone(), jen.Id(old)}
		for _, k := range s.XListMapKeys {
			args = append(args, listMapKey(s, k))
		}
		unchanged = jen.Qual(pkgRT, "UnchangedListMap").Call(args...)
	}
	return []jen.Code{jen.If(jen.Op("!").Add(unchanged)).Block(all...)}
}

// ownJSONTypes are the types whose JSON their own marshaller writes:
// their fields are not the schema's properties.
var ownJSONTypes = map[string]string{
	metaV1 + ".Time": "opaque", metaV1 + ".MicroTime": "opaque", metaV1 + ".Duration": "opaque", metaV1 + ".ObjectMeta": "opaque",
	"k8s.io/apimachinery/pkg/api/resource.Quantity": "opaque", "k8s.io/apimachinery/pkg/runtime.RawExtension": "opaque",
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON": "opaque", "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured": "opaque",
	"encoding/json.RawMessage":                        "opaque",
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": "intOrString",
}

// opaqueStrings are the runtime functions giving the JSON string of the
// types of ownJSONTypes that are strings in JSON.
var opaqueStrings = map[string]string{
	metaV1 + ".Duration": "DurationJSON", metaV1 + ".Time": "TimeJSON", metaV1 + ".MicroTime": "MicroTimeJSON",
	"k8s.io/apimachinery/pkg/api/resource.Quantity": "QuantityJSON",
}

// opaqueTexts are the runtime functions giving those strings in a pooled
// buffer (runtime.Text); a Quantity keeps the string it writes, so
// QuantityJSON allocates only once per value.
var opaqueTexts = map[string]string{
	metaV1 + ".Duration": "DurationText", metaV1 + ".Time": "TimeText", metaV1 + ".MicroTime": "MicroTimeText",
}

func ownJSON(t *types.Type) bool { return ownJSONTypes[t.Name.Package+"."+t.Name.Name] != "" }

// rawJSON is the raw JSON text a value of t holds, or nil for a type of
// another kind (a RawExtension whose Object is set has none: its Raw is
// nil, and MarshalJSON writes the Object).
func rawJSON(t *types.Type, ptr *jen.Statement) jen.Code {
	switch t.Name.Package + "." + t.Name.Name {
	case "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON", "k8s.io/apimachinery/pkg/runtime.RawExtension":
		return jen.Parens(ptr.Clone()).Dot("Raw")
	case "encoding/json.RawMessage":
		return jen.Index().Byte().Call(jen.Op("*").Add(ptr.Clone()))
	}
	return nil
}

func oldRef(old string) *jen.Statement {
	if old == "" {
		return jen.Nil()
	}
	return jen.Id(old)
}

// checks is the code of the value's own keywords, and that of the values
// it holds (items, map values, a struct's fields).
func (e *emitter) checks(s *apiextv1.JSONSchemaProps, t *types.Type, ptr *jen.Statement, old, path string) (out, below []jen.Code) {
	// Keywords a merge of a type's and a field's schema kept from both.
	out = append(out, e.allOf(s, t, ptr, path)...)
	switch ownJSONTypes[t.Name.Package+"."+t.Name.Name] {
	case "opaque":
		// Their JSON is written by their own marshaller, in the form
		// their schema's type and format describe (a quantity's canonical
		// string matches its own pattern). The string keywords a marker
		// adds (Flux's Pattern on a Duration) are checked on that JSON
		// text, as the server checks them.
		if str, ok := opaqueStrings[t.Name.Package+"."+t.Name.Name]; ok {
			ks := apiextv1.JSONSchemaProps{Pattern: s.Pattern, MinLength: s.MinLength, MaxLength: s.MaxLength, Enum: s.Enum}
			if ks.Pattern == kubebuilder.QuantityPattern {
				ks.Pattern = ""
			}
			var own []jen.Code
			if text, ok := opaqueTexts[t.Name.Package+"."+t.Name.Name]; ok {
				// Checked on the text in a pooled buffer, which an error
				// copies: no allocation on a valid value.
				txt := fmt.Sprintf("txt%d", e.texts+1)
				own = e.scalarShown(&ks, "string", jen.Id(txt).Dot("View").Call(), jen.Id(txt).Dot("String").Call(), path)
				if len(own) > 0 {
					e.texts++
					own = append(append([]jen.Code{jen.Id(txt).Op(":=").Qual(pkgRT, text).Call(ptr.Clone())}, own...), jen.Id(txt).Dot("Release").Call())
				}
			} else {
				own = e.scalar(&ks, "string", jen.Qual(pkgRT, str).Call(ptr.Clone()), path)
			}
			if len(own) > 0 {
				if t.Name.Name == "Time" || t.Name.Name == "MicroTime" {
					// A zero time is null, on which no string keyword holds.
					own = []jen.Code{jen.If(jen.Op("!").Parens(ptr.Clone()).Dot("IsZero").Call()).Block(own...)}
				}
				out = append(out, own...)
			}
		}
		if raw := rawJSON(t, ptr); raw != nil && s.Type != "" && !s.XEmbeddedResource {
			// Raw JSON of any value: the server checks its type.
			out = append(out, jen.If(jen.Id("err").Op(":=").Qual(pkgRT, "RawJSONType").Call(jen.Op("&").Id(path), raw, jen.Lit(s.Type)), jen.Id("err").Op("!=").Nil()).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("err"))))
		}
		if s.XEmbeddedResource && t.Name.Name == "RawExtension" {
			out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "EmbeddedRaw").Call(jen.Op("&").Id(path), ptr.Clone()).Op("...")))
			e.unchecked(s, t, "format", "pattern", "type", "anyOf", "x-kubernetes-int-or-string", "x-kubernetes-preserve-unknown-fields", "properties", "x-kubernetes-embedded-resource")
		} else if _, ok := opaqueStrings[t.Name.Package+"."+t.Name.Name]; ok {
			e.unchecked(s, t, "format", "pattern", "minLength", "maxLength", "enum", "type", "anyOf", "x-kubernetes-int-or-string")
		} else {
			e.unchecked(s, t, "format", "type", "anyOf", "x-kubernetes-int-or-string", "x-kubernetes-preserve-unknown-fields", "properties")
		}
		return out, nil
	case "intOrString":
		str := jen.Parens(ptr.Clone()).Dot("StrVal")
		strChecks := e.scalar(s, "string", str, path)
		intChecks := e.scalar(s, "int", jen.Int64().Call(jen.Parens(ptr.Clone()).Dot("IntVal")), path)
		if len(strChecks) > 0 || len(intChecks) > 0 {
			out = append(out, jen.If(jen.Parens(ptr.Clone()).Dot("Type").Op("==").Qual("k8s.io/apimachinery/pkg/util/intstr", "String")).Block(strChecks...).Else().Block(intChecks...))
		}
		return out, nil
	}
	r := gotype.Resolve(t)
	switch r.Kind {
	case types.Builtin:
		kind := gotype.BuiltinKind(r.Name.Name)
		var v *jen.Statement
		switch kind {
		case "string":
			v = jen.String().Call(jen.Op("*").Add(ptr.Clone()))
		case "int":
			v = jen.Int64().Call(jen.Op("*").Add(ptr.Clone()))
		case "float":
			v = jen.Float64().Call(jen.Op("*").Add(ptr.Clone()))
		default:
			v = jen.Bool().Call(jen.Op("*").Add(ptr.Clone()))
		}
		if cond := outOfFormat(r.Name.Name, s.Type, s.Format, jen.Op("*").Add(ptr.Clone())); cond != nil {
			// A Go integer wider than its schema's format (a uint32 is an
			// int32 in controller-gen's schema).
			out = append(out, jen.If(cond).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
				jen.Qual(pkgRT, "SchemaOutOfRange").Call(jen.Op("&").Id(path), jen.Lit("Checked"), jen.Lit(s.Type), jen.Lit(s.Format)))))
		}
		out = append(out, e.scalar(s, kind, v, path)...)
	case types.Slice, types.Array:
		if el := gotype.Resolve(r.Elem); r.Kind == types.Slice && el.Kind == types.Builtin && (el.Name.Name == "byte" || el.Name.Name == "uint8") {
			// The server sees the base64 text: its lengths are those.
			// x-kubernetes-preserve-unknown-fields prunes nothing of a string.
			e.unchecked(s, t, "format", "type", "minLength", "maxLength", "x-kubernetes-preserve-unknown-fields")
			n := jen.Parens(jen.Len(jen.Op("*").Add(ptr.Clone())).Op("+").Lit(2)).Op("/").Lit(3).Op("*").Lit(4)
			at := jen.Op("&").Id(path)
			if s.MaxLength != nil {
				out = append(out, jen.If(n.Clone().Op(">").Lit(int(*s.MaxLength))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaTooLong").Call(at, jen.Lit(int(*s.MaxLength))))))
			}
			if s.MinLength != nil {
				cond := n.Clone().Op("<").Lit(int(*s.MinLength))
				if s.MaxLength != nil {
					cond = n.Clone().Op("<=").Lit(int(*s.MaxLength)).Op("&&").Add(cond)
				}
				out = append(out, jen.If(cond).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
					jen.Qual(pkgRT, "SchemaInvalid").Call(at, jen.Qual("encoding/base64", "StdEncoding").Dot("EncodeToString").Call(jen.Op("*").Add(ptr.Clone())), jen.Qual(pkgRT, "MinLengthDetail").Call(jen.Lit(int(*s.MinLength)))))))
			}
			if s.Format == "byte" {
				// Any base64 text is of format byte but the empty one
				// (cert-manager's Order.spec.request: []byte{}).
				out = append(out, jen.If(jen.Len(jen.Op("*").Add(ptr.Clone())).Op("==").Lit(0)).Block(
					jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaFormat").Call(at, jen.Lit(""), jen.Lit("byte")))))
			}
			return out, nil
		}
		own, items := e.list(s, t, r, ptr, old, path)
		out, below = append(out, own...), items
	case types.Map:
		own, vals := e.mapChecks(s, r, ptr, old, path)
		out, below = append(out, own...), vals
	case types.Struct:
		if t.Name.Package == "" {
			return out, nil
		}
		if len(s.Enum) > 0 {
			e.unchecked(s, t, "type", "properties", "required", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource", "minProperties", "maxProperties")
		}
		if s.MinProperties != nil || s.MaxProperties != nil {
			at := jen.Op("&").Id(path)
			n := jen.Qual(pkgRT, "PropertyCount").Call(ptr.Clone())
			if plainStruct(t) {
				e.plain(t)
				n = countProperties(t, jen.Op("*").Add(ptr.Clone()))
			}
			if s.MaxProperties != nil {
				out = append(out, jen.If(n.Clone().Op(">").Lit(int(*s.MaxProperties))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaTooMany").Call(at, n.Clone(), jen.Lit(int(*s.MaxProperties))))))
			}
			if s.MinProperties != nil {
				out = append(out, jen.If(n.Clone().Op("<").Lit(int(*s.MinProperties))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
					jen.Qual(pkgRT, "SchemaInvalid").Call(at, n.Clone(), jen.Qual(pkgRT, "MinPropertiesDetail").Call(jen.Lit(int(*s.MinProperties)))))))
			}
		}
		if s.XEmbeddedResource {
			out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "EmbeddedObject").Call(jen.Op("&").Id(path), ptr.Clone()).Op("...")))
		}
		if hasStructChecks(s) {
			below = append(below, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id(e.structFn(t, s)).Call(jen.Op("&").Id(path), ptr.Clone(), oldRef(old)).Op("...")))
		}
	case types.Interface:
		e.unchecked(s, t, "type", "x-kubernetes-preserve-unknown-fields")
	}
	return out, below
}

// hasStructChecks reports whether anything below a struct's schema is
// checked in Go: a required property or a keyword.
func hasStructChecks(s *apiextv1.JSONSchemaProps) bool {
	if len(s.Required) > 0 || s.MinProperties != nil || s.MaxProperties != nil || len(s.Enum) > 0 {
		return true
	}
	for _, p := range s.Properties {
		c := p
		c.Description, c.Type, c.Format, c.XValidations, c.Default, c.Title, c.Example, c.ExternalDocs = "", "", "", nil, nil, "", nil, nil
		c.Properties, c.Items, c.AdditionalProperties, c.Nullable, c.XMapType, c.XPreserveUnknownFields = nil, nil, nil, false, nil, nil
		c.XIntOrString, c.AnyOf = false, nil
		if !reflectEmpty(c) {
			return true
		}
		if hasStructChecks(&p) {
			return true
		}
		if p.Items != nil && p.Items.Schema != nil && (p.XListType != nil || hasStructChecks(p.Items.Schema) || scalarKeywords(p.Items.Schema)) {
			return true
		}
		if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil && (hasStructChecks(p.AdditionalProperties.Schema) || scalarKeywords(p.AdditionalProperties.Schema)) {
			return true
		}
	}
	return false
}

func scalarKeywords(s *apiextv1.JSONSchemaProps) bool {
	return len(s.Enum) > 0 || s.Minimum != nil || s.Maximum != nil || s.MultipleOf != nil || s.MinLength != nil || s.MaxLength != nil ||
		s.Pattern != "" || s.MinItems != nil || s.MaxItems != nil || s.MinProperties != nil || s.MaxProperties != nil || len(s.AllOf) > 0
}

func reflectEmpty(s apiextv1.JSONSchemaProps) bool {
	b, _ := json.Marshal(s)
	return string(b) == "{}"
}

// scalar checks a string, integer, number or boolean value v.
func (e *emitter) scalar(s *apiextv1.JSONSchemaProps, kind string, v *jen.Statement, path string) []jen.Code {
	return e.scalarShown(s, kind, v, v, path)
}

// scalarShown is scalar where the errors show the value as display says
// (a copy of a text v only views).
func (e *emitter) scalarShown(s *apiextv1.JSONSchemaProps, kind string, v, display *jen.Statement, path string) []jen.Code {
	var out []jen.Code
	at := jen.Op("&").Id(path)
	fail := func(cond jen.Code, err jen.Code) {
		out = append(out, jen.If(cond).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), err)))
	}
	invalid := func(detail jen.Code) jen.Code {
		return jen.Qual(pkgRT, "SchemaInvalid").Call(at, display.Clone(), detail)
	}
	switch kind {
	case "string":
		// kube-openapi reports the first of maxLength, minLength and
		// pattern that fails.
		var chain *jen.Statement
		link := func(cond, err jen.Code) {
			then := jen.Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), err))
			if chain == nil {
				chain = jen.If(cond).Add(then)
			} else {
				chain = chain.Else().If(cond).Add(then)
			}
		}
		if s.MaxLength != nil {
			link(jen.Qual("unicode/utf8", "RuneCountInString").Call(v.Clone()).Op(">").Lit(int(*s.MaxLength)), jen.Qual(pkgRT, "SchemaTooLong").Call(at, jen.Lit(int(*s.MaxLength))))
		}
		if s.MinLength != nil {
			link(jen.Qual("unicode/utf8", "RuneCountInString").Call(v.Clone()).Op("<").Lit(int(*s.MinLength)), invalid(jen.Qual(pkgRT, "MinLengthDetail").Call(jen.Lit(int(*s.MinLength)))))
		}
		if s.Pattern != "" {
			link(jen.Op("!").Id(e.regexp(s.Pattern)).Dot("MatchString").Call(v.Clone()), invalid(jen.Qual(pkgRT, "PatternDetail").Call(jen.Lit(s.Pattern))))
		}
		if chain != nil {
			out = append(out, chain)
		}
		if s.Format != "" && dialect.ServerChecksFormat(s.Format) {
			out = append(out, jen.If(jen.Id("err").Op(":=").Qual(pkgRT, "SchemaFormat").Call(at, display.Clone(), jen.Lit(s.Format)), jen.Id("err").Op("!=").Nil()).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Id("err"))))
		}
	case "int", "float":
		// A bound the format cannot hold is an error on every value,
		// before the bound is checked as a plain number.
		for _, b := range []struct {
			name  string
			limit *float64
		}{{"MultipleOf", s.MultipleOf}, {"Minimum boundary", s.Minimum}, {"Maximum boundary", s.Maximum}} {
			if b.limit != nil && !formatHolds(s.Type, s.Format, *b.limit) {
				out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaOutOfRange").Call(at, jen.Lit(b.name), jen.Lit(s.Type), jen.Lit(s.Format))))
			}
		}
		for _, b := range []struct {
			limit     *float64
			min, excl bool
		}{{s.Minimum, true, s.ExclusiveMinimum}, {s.Maximum, false, s.ExclusiveMaximum}} {
			if b.limit == nil {
				continue
			}
			op := map[[2]bool]string{{true, false}: "<", {true, true}: "<=", {false, false}: ">", {false, true}: ">="}[[2]bool{b.min, b.excl}]
			var cond *jen.Statement
			if kind == "int" && isWhole(*b.limit) && math64(*b.limit) {
				cond = v.Clone().Op(op).Lit(int64(*b.limit))
			} else {
				cond = jen.Float64().Call(v.Clone()).Op(op).Lit(*b.limit)
			}
			fail(cond, invalid(jen.Qual(pkgRT, "Bound").Call(jen.Lit(b.min), jen.Lit(b.excl), jen.Lit(*b.limit))))
		}
		if s.MultipleOf != nil {
			m := *s.MultipleOf
			var cond *jen.Statement
			if kind == "int" && isWhole(m) && math64(m) && m != 0 {
				cond = v.Clone().Op("%").Lit(int64(m)).Op("!=").Lit(0)
			} else {
				cond = jen.Qual("math", "Mod").Call(jen.Float64().Call(v.Clone()), jen.Lit(m)).Op("!=").Lit(0)
			}
			fail(cond, invalid(jen.Qual(pkgRT, "MultipleOf").Call(jen.Lit(m))))
		}
	}
	if len(s.Enum) > 0 {
		var cases []jen.Code
		var shown []string
		for _, raw := range s.Enum {
			var x any
			if err := json.Unmarshal(raw.Raw, &x); err != nil {
				continue
			}
			switch y := x.(type) {
			case string:
				shown = append(shown, y)
				if kind == "string" {
					cases = append(cases, jen.Lit(y))
				}
			case float64:
				shown = append(shown, string(raw.Raw))
				if kind == "int" && isWhole(y) {
					cases = append(cases, jen.Lit(int64(y)))
				} else if kind == "float" {
					cases = append(cases, jen.Lit(y))
				}
			case bool:
				shown = append(shown, string(raw.Raw))
				if kind == "bool" {
					cases = append(cases, jen.Lit(y))
				}
			default:
				shown = append(shown, string(raw.Raw))
			}
		}
		err := jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaEnum").Call(at, display.Clone(), jen.Index().String().ValuesFunc(func(g *jen.Group) {
			for _, x := range shown {
				g.Lit(x)
			}
		})))
		if len(cases) == 0 {
			out = append(out, err)
		} else {
			out = append(out, jen.Switch(v.Clone()).Block(jen.Case(cases...), jen.Default().Block(err)))
		}
	}
	return out
}

// outOfFormat is the condition under which a value of a Go integer type
// does not fit its schema's integer format; nil when every value fits.
func outOfFormat(goType, typ, format string, v *jen.Statement) *jen.Statement {
	if typ != "integer" {
		return nil
	}
	switch {
	case format == "int32" && (goType == "uint32" || goType == "uint" || goType == "uint64" || goType == "uintptr"):
		return v.Clone().Op(">").Qual("math", "MaxInt32")
	case format == "int32" && (goType == "int64" || goType == "int"):
		return v.Clone().Op(">").Qual("math", "MaxInt32").Op("||").Add(v.Clone()).Op("<").Qual("math", "MinInt32")
	case (format == "int64" || format == "") && (goType == "uint64" || goType == "uint" || goType == "uintptr"):
		return v.Clone().Op(">").Qual("math", "MaxInt64")
	}
	return nil
}

// formatHolds reports whether a number schema's format holds a value, as
// kube-openapi's IsValueValidAgainstRange decides (the number printed
// without exponent, parsed as the format's type); a format it does not
// know holds every value.
func formatHolds(typ, format string, v float64) bool {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	var err error
	switch {
	case typ == "integer" && format == "int32":
		_, err = strconv.ParseInt(s, 10, 32)
	case typ == "integer" && format == "uint32":
		_, err = strconv.ParseUint(s, 10, 32)
	case typ == "integer" && format == "uint64":
		_, err = strconv.ParseUint(s, 10, 64)
	case typ == "integer":
		_, err = strconv.ParseInt(s, 10, 64)
	case format == "float" || format == "float32":
		_, err = strconv.ParseFloat(s, 32)
	}
	return err == nil
}

func math64(f float64) bool { return f >= -9.2e18 && f <= 9.2e18 }

// regexp names the package variable holding a compiled pattern.
func (e *emitter) regexp(pattern string) string {
	if v, ok := e.regexps[pattern]; ok {
		return v
	}
	v := fmt.Sprintf("pattern%d", len(e.regexps)+1)
	e.regexps[pattern] = v
	e.f.Commentf("%s is the pattern %s, compiled once.", v, pattern)
	e.f.Var().Id(v).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(pattern))
	e.f.Line()
	return v
}

// list checks a list: its length, its items' uniqueness (list-set,
// list-map) and each item.
func (e *emitter) list(s *apiextv1.JSONSchemaProps, t, r *types.Type, ptr *jen.Statement, old, path string) (out, below []jen.Code) {
	at := jen.Op("&").Id(path)
	n := jen.Len(jen.Op("*").Add(ptr.Clone()))
	if s.MaxItems != nil {
		out = append(out, jen.If(n.Clone().Op(">").Lit(int(*s.MaxItems))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaTooMany").Call(at, n.Clone(), jen.Lit(int(*s.MaxItems))))))
	}
	if s.MinItems != nil {
		out = append(out, jen.If(n.Clone().Op("<").Lit(int(*s.MinItems))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
			jen.Qual(pkgRT, "SchemaInvalid").Call(at, n.Clone(), jen.Qual(pkgRT, "MinItemsDetail").Call(jen.Lit(int(*s.MinItems)))))))
	}
	elem := r.Elem
	var keyFn string
	if s.XListType != nil {
		switch *s.XListType {
		case "map":
			var code []jen.Code
			code, keyFn = e.uniqueByKeys(s, elem, ptr, path)
			out = append(out, code...)
		case "set":
			if comparable(elem) {
				out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "UniqueValues").Call(at, jen.Op("*").Add(ptr.Clone())).Op("...")))
			} else {
				out = append(out, jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "UniqueObjects").Call(at, jen.Op("*").Add(ptr.Clone()), jen.Qual(pkgRT, "SemanticEqual").Types(elemRef(elem))).Op("...")))
			}
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		ip := e.free("ip")
		idx := e.free("i")
		oi := e.free("oi")
		item := e.value(s.Items.Schema, elem, jen.Op("&").Parens(jen.Op("*").Add(ptr.Clone())).Index(jen.Id(idx)), oi, ip)
		// The old item is read only by the item's own checks: a list of
		// lists whose items have none ([]MountPoints of type MountPoints
		// []string) checks only that no item is null.
		ownChecks := len(item) > 0
		if er := gotype.Resolve(elem); (elem.Kind == types.Pointer || er.Kind == types.Slice || er.Kind == types.Map) && !ownJSON(elem) && !s.Items.Schema.Nullable {
			// A nil item (a nil pointer, list or map) is null, which the
			// server keeps in a list and rejects as a value of the wrong
			// type; the item's own keywords are not checked on null.
			typ := s.Items.Schema.Type
			if typ == "" {
				typ = "object"
			}
			item = append([]jen.Code{jen.If(jen.Parens(jen.Op("*").Add(ptr.Clone())).Index(jen.Id(idx)).Op("==").Nil()).Block(
				jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaNull").Call(jen.Op("&").Id(ip), jen.Lit(typ))), jen.Continue())}, item...)
		}
		if len(item) > 0 {
			// The old item: the one with the same keys in a list-map;
			// none in a list-set or an atomic list, whose items the server
			// does not correlate (k8s.io/apiserver's CorrelatedObject: a
			// set item is validated in full unless the whole list is
			// unchanged; found by kro's shortNames).
			var find jen.Code = jen.Id(oi).Op(":=").Parens(jen.Op("*").Add(elemRef(elem))).Parens(jen.Nil())
			switch {
			case keyFn != "" && old != "":
				args := []jen.Code{jen.Id(old), jen.Op("&").Parens(jen.Op("*").Add(ptr.Clone())).Index(jen.Id(idx))}
				for _, k := range s.XListMapKeys {
					args = append(args, listMapKey(s, k))
				}
				find = jen.Id(oi).Op(":=").Qual(pkgRT, "OldListMapItem").Call(args...)
			}
			head := []jen.Code{jen.Id(ip).Op(":=").Id(path).Dot("Index").Call(jen.Id(idx))}
			if ownChecks {
				head = append(head, find)
			}
			below = append(below, jen.For(jen.Id(idx).Op(":=").Range().Op("*").Add(ptr.Clone())).Block(append(head, item...)...))
		}
	}
	return out, below
}

// uniqueByKeys reports the items of a list-map whose keys an earlier
// item has, as the server does (at the later index).
func (e *emitter) uniqueByKeys(s *apiextv1.JSONSchemaProps, elem *types.Type, ptr *jen.Statement, path string) ([]jen.Code, string) {
	st := gotype.Resolve(elem)
	// []*T (envoy gateway's contextExtensions): keyed on the objects; a
	// nil item (null, reported as such below) is keyed as an object
	// without its key fields, as the server keys it, which takes a
	// presence flag for each key field an object always has.
	ofPointers := st.Kind == types.Pointer
	if ofPointers {
		elem = st.Elem
		st = gotype.Resolve(elem)
	}
	var fields, vals []jen.Code
	for i, key := range s.XListMapKeys {
		m, ok := memberByJSON(st, key)
		if !ok {
			e.errorf("list-map key %q is not a field of %s", key, elem.Name.Name)
			return nil, ""
		}
		ft := gotype.RealType(m.Type, gotype.FieldType(st, m.Name))
		name := fmt.Sprintf("k%d", i)
		if ft.Kind == types.Pointer {
			fields = append(fields, jen.Id(name).Add(elemRef(ft.Elem)), jen.Id(name+"set").Bool())
			vals = append(vals, jen.Qual(pkgRT, "Self").Call(jen.Id("e").Dot(m.Name)), jen.Id("e").Dot(m.Name).Op("!=").Nil())
			vals[len(vals)-2] = jen.Func().Params().Add(elemRef(ft.Elem)).Block(
				jen.If(jen.Id("e").Dot(m.Name).Op("==").Nil()).Block(jen.Var().Id("z").Add(elemRef(ft.Elem)), jen.Return(jen.Id("z"))),
				jen.Return(jen.Op("*").Id("e").Dot(m.Name))).Call()
			continue
		}
		fields = append(fields, jen.Id(name).Add(elemRef(ft)))
		vals = append(vals, jen.Id("e").Dot(m.Name))
		if ofPointers && !gotype.MayOmit(m, gotype.FieldType(st, m.Name)) {
			// Always in an object's JSON, never in a nil item's.
			fields = append(fields, jen.Id(name+"set").Bool())
			vals = append(vals, jen.True())
		}
	}
	keyType := jen.Struct(fields...)
	id := elem.Name.String() + fmt.Sprint(s.XListMapKeys)
	if ofPointers {
		id += " of pointers"
	}
	fn, ok := e.keyFns[id]
	if !ok {
		fn = fmt.Sprintf("listMapKey%d", len(e.keyFns)+1)
		e.keyFns[id] = fn
		e.f.Commentf("%s is the key of a %s in a list-map keyed by %v.", fn, elem.Name.Name, s.XListMapKeys)
		e.f.Func().Id(fn).Params(jen.Id("e").Op("*").Add(elemRef(elem))).Add(keyType.Clone()).Block(jen.Return(keyType.Clone().Values(vals...)))
		e.f.Line()
	}
	// The server's bad value names the key fields.
	var keys []jen.Code
	for _, k := range s.XListMapKeys {
		keys = append(keys, jen.Lit(k))
	}
	if ofPointers {
		// The zero key: every field absent.
		return []jen.Code{
			jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "UniqueByKeyOfPointers").Call(append([]jen.Code{jen.Op("&").Id(path), jen.Op("*").Add(ptr.Clone()), jen.Id(fn), keyType.Clone().Values()}, keys...)...).Op("...")),
		}, fn
	}
	return []jen.Code{
		jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "UniqueMapItems").Call(append([]jen.Code{jen.Op("&").Id(path), jen.Op("*").Add(ptr.Clone()), jen.Id(fn)}, keys...)...).Op("...")),
	}, fn
}

func memberByJSON(st *types.Type, name string) (types.Member, bool) {
	for _, m := range st.Members {
		n, inline, skip := gotype.JSONOf(m)
		if skip {
			continue
		}
		if inline {
			if in, ok := memberByJSON(gotype.Resolve(gotype.Deref(m.Type)), name); ok {
				return in, true
			}
			continue
		}
		if n == name {
			return m, true
		}
	}
	return types.Member{}, false
}

// comparable reports whether Go's == compares values of t as the server
// compares their JSON.
func comparable(t *types.Type) bool {
	r := gotype.Resolve(t)
	return r.Kind == types.Builtin
}

func elemRef(t *types.Type) jen.Code {
	switch t.Kind {
	case types.Pointer:
		return jen.Op("*").Add(elemRef(t.Elem))
	case types.Slice:
		if t.Name.Package == "" {
			return jen.Index().Add(elemRef(t.Elem))
		}
	case types.Map:
		if t.Name.Package == "" {
			return jen.Map(elemRef(t.Key)).Add(elemRef(t.Elem))
		}
	case types.Builtin:
		return jen.Id(t.Name.Name)
	}
	return typeRef(t)
}

// mapChecks checks a map: its size and each value.
func (e *emitter) mapChecks(s *apiextv1.JSONSchemaProps, r *types.Type, ptr *jen.Statement, old, path string) (out, below []jen.Code) {
	at := jen.Op("&").Id(path)
	n := jen.Len(jen.Op("*").Add(ptr.Clone()))
	if s.MaxProperties != nil {
		out = append(out, jen.If(n.Clone().Op(">").Lit(int(*s.MaxProperties))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"), jen.Qual(pkgRT, "SchemaTooMany").Call(at, n.Clone(), jen.Lit(int(*s.MaxProperties))))))
	}
	if s.MinProperties != nil {
		out = append(out, jen.If(n.Clone().Op("<").Lit(int(*s.MinProperties))).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
			jen.Qual(pkgRT, "SchemaInvalid").Call(at, n.Clone(), jen.Qual(pkgRT, "MinPropertiesDetail").Call(jen.Lit(int(*s.MinProperties)))))))
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		kp := e.free("kp")
		mv, key := e.free("mv"), e.free("k")
		om := e.free("om")
		val := e.value(s.AdditionalProperties.Schema, r.Elem, jen.Op("&").Id(mv), om, kp)
		if len(val) > 0 && kubebuilder.TextKey(r.Key) {
			below = append(below, e.textKeyedValues(r, ptr, old, path, kp, mv, key, om, val))
		} else if len(val) > 0 {
			// The values are checked in the map's order, which allocates
			// nothing; when they have errors, they are checked again in
			// the order of their keys, so that the errors come in the
			// same order every time.
			each, n := e.free("each"), e.free("n")
			keyType := elemRef(r.Key)
			below = append(below, jen.Block(
				jen.Id(each).Op(":=").Func().Params(jen.Id(key).Add(keyType)).Block(
					append([]jen.Code{jen.Id(mv).Op(":=").Parens(jen.Op("*").Add(ptr.Clone())).Index(jen.Id(key)), jen.Id(kp).Op(":=").Id(path).Dot("Key").Call(jen.String().Call(jen.Id(key))),
						jen.Id(om).Op(":=").Qual(pkgRT, "OldMapValue").Call(oldRef(old), jen.Id(key))}, val...)...),
				jen.Id(n).Op(":=").Len(jen.Id("errs")),
				jen.For(jen.Id(key).Op(":=").Range().Op("*").Add(ptr.Clone())).Block(jen.Id(each).Call(jen.Id(key))),
				jen.If(jen.Len(jen.Id("errs")).Op(">").Id(n).Op("&&").Len(jen.Op("*").Add(ptr.Clone())).Op(">").Lit(1)).Block(
					jen.Id("errs").Op("=").Id("errs").Index(jen.Empty(), jen.Id(n)),
					jen.For(jen.List(jen.Id("_"), jen.Id(key)).Op(":=").Range().Qual("slices", "Sorted").Call(jen.Qual("maps", "Keys").Call(jen.Op("*").Add(ptr.Clone())))).Block(jen.Id(each).Call(jen.Id(key))),
				),
			))
		}
	}
	return out, below
}

// allOf is the code of the schemas of s's allOf, each checked on the
// value; when one fails, the server adds an error of its own at the root,
// which names the value (kube-openapi's composite error), as the generated
// code does (runtime.SchemaAllOf). A schema without code here always holds
// (a quantity's own pattern on the string it writes).
func (e *emitter) allOf(s *apiextv1.JSONSchemaProps, t *types.Type, ptr *jen.Statement, path string) []jen.Code {
	var members [][]jen.Code
	for i := range s.AllOf {
		if own, _ := e.checks(&s.AllOf[i], t, ptr, "", path); len(own) > 0 {
			members = append(members, own)
		}
	}
	if len(members) == 0 {
		return nil
	}
	failed := e.free("failed")
	out := []jen.Code{jen.Id(failed).Op(":=").Lit(0)}
	for _, own := range members {
		n := e.free("n")
		out = append(out, jen.Block(append(append([]jen.Code{jen.Id(n).Op(":=").Len(jen.Id("errs"))}, own...),
			jen.If(jen.Len(jen.Id("errs")).Op(">").Id(n)).Block(jen.Id(failed).Op("++")))...))
	}
	out = append(out, jen.If(jen.Id(failed).Op(">").Lit(0)).Block(jen.Id("errs").Op("=").Append(jen.Id("errs"),
		jen.Qual(pkgRT, "SchemaAllOf").Call(jen.Op("&").Id(path), jen.Id(failed).Op("==").Lit(len(s.AllOf))))))
	return []jen.Code{jen.Block(out...)}
}

// textKeyedValues checks the values of a map whose keys write themselves
// as text: first in the map's order with an empty key in their paths,
// which costs no MarshalText; when they have errors, these are dropped
// and the values checked again in the order of their keys' text, with it
// in their paths (runtime.TextKeys).
func (e *emitter) textKeyedValues(r *types.Type, ptr *jen.Statement, old, path, kp, mv, key, om string, val []jen.Code) jen.Code {
	each, n, text, tk := e.free("each"), e.free("n"), e.free("text"), e.free("tk")
	return jen.Block(
		jen.Id(each).Op(":=").Func().Params(jen.Id(key).Add(elemRef(r.Key)), jen.Id(text).String()).Block(
			append([]jen.Code{jen.Id(mv).Op(":=").Parens(jen.Op("*").Add(ptr.Clone())).Index(jen.Id(key)), jen.Id(kp).Op(":=").Id(path).Dot("Key").Call(jen.Id(text)),
				jen.Id(om).Op(":=").Qual(pkgRT, "OldMapValue").Call(oldRef(old), jen.Id(key))}, val...)...),
		jen.Id(n).Op(":=").Len(jen.Id("errs")),
		jen.For(jen.Id(key).Op(":=").Range().Op("*").Add(ptr.Clone())).Block(jen.Id(each).Call(jen.Id(key), jen.Lit(""))),
		jen.If(jen.Len(jen.Id("errs")).Op(">").Id(n)).Block(
			jen.Id("errs").Op("=").Id("errs").Index(jen.Empty(), jen.Id(n)),
			jen.For(jen.List(jen.Id("_"), jen.Id(tk)).Op(":=").Range().Qual(pkgRT, "TextKeys").Call(jen.Op("*").Add(ptr.Clone()))).Block(jen.Id(each).Call(jen.Id(tk).Dot("Key"), jen.Id(tk).Dot("Text"))),
		),
	)
}

// unchecked reports a keyword on a value whose Go form the generated code
// does not look into (a Time, a Quantity, raw JSON).
func (e *emitter) unchecked(s *apiextv1.JSONSchemaProps, t *types.Type, allowed ...string) {
	var raw map[string]any
	b, _ := json.Marshal(s)
	_ = json.Unmarshal(b, &raw)
	var bad []string
	for k := range raw {
		switch k {
		case "description", "title", "example", "externalDocs", "x-kubernetes-validations", "default", "nullable", "x-kubernetes-map-type":
			continue
		case "allOf":
			// Each of its schemas is checked on the same value (checks),
			// and its keywords are told of there.
			continue
		}
		ok := false
		for _, a := range allowed {
			if a == k {
				ok = true
			}
		}
		if !ok {
			bad = append(bad, k)
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		e.errorf("%v on a %s is not checked by the Go validator", bad, gotype.TypeString(t))
	}
}

// listMapKey is a runtime.Key of a list-map's items: its JSON name, and
// whether its schema has a default (the server defaults it where the Go
// value leaves it out).
func listMapKey(s *apiextv1.JSONSchemaProps, name string) jen.Code {
	defaulted := false
	if s.Items != nil && s.Items.Schema != nil {
		defaulted = s.Items.Schema.Properties[name].Default != nil
	}
	return jen.Qual(pkgRT, "Key").Values(jen.Dict{jen.Id("Name"): jen.Lit(name), jen.Id("Defaulted"): jen.Lit(defaulted)})
}
