package model

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// pkgTarget is the package scope, for doc.go tags.
type pkgTarget struct{ path string }

func (p pkgTarget) Scope() markers.Scope { return markers.ScopePackage }

func (p pkgTarget) Describe() string { return "package " + p.path }

func (p pkgTarget) Kind() markers.Kind { return markers.KindOther }

func (p pkgTarget) Deref() markers.Target { return nil }

func (p pkgTarget) Elem() markers.Target { return nil }

func (p pkgTarget) Key() markers.Target { return nil }

func (p pkgTarget) Field(string) markers.Target { return nil }

func (p pkgTarget) IntRange() (int64, uint64) { return 0, 0 }

func (p pkgTarget) Named() bool { return false }

// target is a typed place for markers.
type target struct {
	b       *builder
	scope   markers.Scope
	t       *types.Type
	desc    string
	goField string // for subfield targets
}

func (t *target) Scope() markers.Scope { return t.scope }

func (t *target) Describe() string { return t.desc }

func (t *target) Named() bool { return t.t.Name.Package != "" }

func (t *target) Kind() markers.Kind {
	r := Resolve(t.t)
	switch r.Kind {
	case types.Pointer:
		return markers.KindPointer
	case types.Struct:
		return markers.KindStruct
	case types.Slice:
		if isBytes(r) {
			// JSON writes a []byte as one base64 string: no list tag
			// applies, and no string tag either (the CRD sees base64).
			return markers.KindOther
		}
		return markers.KindSlice
	case types.Map:
		return markers.KindMap
	case types.Builtin:
		switch {
		case r.Name.Name == "string":
			return markers.KindString
		case r.Name.Name == "bool":
			return markers.KindBool
		case strings.HasPrefix(r.Name.Name, "int"), strings.HasPrefix(r.Name.Name, "uint"), r.Name.Name == "byte", r.Name.Name == "rune":
			return markers.KindInt
		case strings.HasPrefix(r.Name.Name, "float"):
			return markers.KindFloat
		}
	}
	return markers.KindOther
}

// sub is a place reached from t by a chained tag. A fixed-size array, a
// func or a channel there is of no kind a tag applies to (KindOther), and
// its description says why.
func (t *target) sub(scope markers.Scope, ty *types.Type, desc string) *target {
	if what, _ := unsupportedValue(ty); what != "" {
		desc += ", " + what + ", which validation-gen does not validate"
	}
	if r := Resolve(ty); r.Kind == types.Slice && isBytes(r) {
		desc += ", a []byte, which JSON writes as a base64 string, not a list"
	}
	return &target{b: t.b, scope: scope, t: ty, desc: desc}
}

func (t *target) Deref() markers.Target {
	r := Resolve(t.t)
	if r.Kind != types.Pointer {
		return nil
	}
	return t.sub(t.scope, r.Elem, t.desc)
}

func (t *target) Elem() markers.Target {
	r := Resolve(t.t)
	switch r.Kind {
	case types.Slice, types.Array:
		return t.sub(markers.ScopeListVal, r.Elem, fmt.Sprintf("elements of %s (%s)", t.desc, TypeString(r.Elem)))
	case types.Map:
		return t.sub(markers.ScopeMapVal, r.Elem, fmt.Sprintf("values of %s (%s)", t.desc, TypeString(r.Elem)))
	}
	return nil
}

func (t *target) Key() markers.Target {
	r := Resolve(t.t)
	if r.Kind != types.Map {
		return nil
	}
	return t.sub(markers.ScopeMapKey, r.Key, fmt.Sprintf("keys of %s (%s)", t.desc, TypeString(r.Key)))
}

func (t *target) Field(jsonName string) markers.Target {
	r := Resolve(t.t)
	if r.Kind == types.Pointer {
		r = Resolve(r.Elem)
	}
	if r.Kind != types.Struct {
		return nil
	}
	for _, m := range r.Members {
		name, inline, skip := jsonOf(m)
		if skip || inline || !IsExported(m.Name) || name != jsonName {
			continue
		}
		mt := realType(m.Type, goFieldType(r, m.Name))
		s := t.sub(markers.ScopeField, mt, fmt.Sprintf("field %s.%s (%s)", r.Name.Name, m.Name, TypeString(mt)))
		s.goField = m.Name
		return s
	}
	return nil
}

func (t *target) IntRange() (int64, uint64) {
	r := Resolve(t.t)
	if r.Kind == types.Pointer {
		r = Resolve(r.Elem)
	}
	return markers.IntRange(r.Name.Name)
}

// isBytes reports whether a slice is of bytes (uint8, byte).
func isBytes(r *types.Type) bool {
	e := Resolve(r.Elem)
	return e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8")
}
