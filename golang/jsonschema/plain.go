package jsonschema

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	gengo "k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/kubebuilder"
)

// plainStruct reports whether t is a plain struct (runtime.
// RegisterPlainStruct): only exported scalar fields, each written to JSON
// under its name, none writing its own JSON. Its values are compared with
// == and their properties counted without reflection, which keeps a map
// value's local copy on the stack.
func plainStruct(t *gengo.Type) bool {
	if t.Kind != gengo.Struct || t.Name.Package == "" || ownJSON(t) || t.GoType == nil {
		return false
	}
	st, ok := t.GoType.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() || f.Embedded() || reflect.StructTag(st.Tag(i)).Get("json") == "-" {
			return false
		}
		b, ok := f.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsString|types.IsBoolean|types.IsInteger|types.IsFloat) == 0 || b.Info()&types.IsUntyped != 0 {
			return false
		}
		// A method IsZero would decide omitzero.
		if hasMethod(f.Type(), "MarshalJSON", "MarshalText", "IsZero") {
			return false
		}
	}
	return true
}

// plainMapType reports whether m is a map from a string, or a key that
// writes itself as text, to a plain struct (runtime.RegisterPlainMap).
func plainMapType(m *gengo.Type) bool {
	r := gotype.Resolve(m)
	if r.Kind != gengo.Map || !plainStruct(gotype.Resolve(r.Elem)) {
		return false
	}
	if kubebuilder.TextKey(r.Key) {
		return true
	}
	k := gotype.Resolve(r.Key)
	if k.Kind != gengo.Builtin || k.Name.Name != "string" || ownJSON(r.Key) {
		return false
	}
	return r.Key.GoType == nil || !hasMethod(r.Key.GoType, "MarshalJSON", "MarshalText")
}

// hasMethod reports whether *t (and so t) has one of the methods.
func hasMethod(t types.Type, names ...string) bool {
	for _, name := range names {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name); obj != nil {
			return true
		}
	}
	return false
}

// registerOnce adds call to the generated init() once per key.
func (e *emitter) registerOnce(key string, call jen.Code) {
	if !e.registered[key] {
		e.registered[key] = true
		e.registrations = append(e.registrations, call)
	}
}

// plain registers t as a plain struct, checked when the program starts.
func (e *emitter) plain(t *gengo.Type) {
	e.registerOnce("struct "+t.Name.String(), jen.Qual(pkgRT, "RegisterPlainStruct").Types(typeRef(t)).Call())
}

// plainMap registers the map type m, of plain struct values, for
// JSONEqual (runtime.RegisterPlainMap).
func (e *emitter) plainMap(m *gengo.Type) {
	e.registerOnce("map "+m.String(), jen.Qual(pkgRT, "RegisterPlainMap").Types(elemRef(m)).Call())
}

// countProperties is the number of properties a plain struct's JSON has:
// every field but those omitempty or omitzero leaves out at their zero
// value.
func countProperties(t *gengo.Type, ptr *jen.Statement) *jen.Statement {
	st := t.GoType.Underlying().(*types.Struct)
	var present []jen.Code
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		if !hasOption(tag, "omitempty") && !hasOption(tag, "omitzero") {
			present = append(present, jen.True())
			continue
		}
		zero := jen.Lit(0)
		switch b := f.Type().Underlying().(*types.Basic); {
		case b.Info()&types.IsString != 0:
			zero = jen.Lit("")
		case b.Info()&types.IsBoolean != 0:
			zero = jen.False()
		}
		present = append(present, jen.Parens(ptr.Clone()).Dot(f.Name()).Op("!=").Add(zero))
	}
	return jen.Qual(pkgRT, "CountTrue").Call(present...)
}

func hasOption(tag, opt string) bool {
	return slices.Contains(strings.Split(tag, ",")[1:], opt)
}
