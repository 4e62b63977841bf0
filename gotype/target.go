package gotype

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// PackageTarget is the package scope, for doc.go tags.
type PackageTarget struct{ Path string }

func (p PackageTarget) Scope() markers.Scope { return markers.ScopePackage }

func (p PackageTarget) Describe() string { return "package " + p.Path }

func (p PackageTarget) Kind() markers.Kind { return markers.KindOther }

func (p PackageTarget) Deref() markers.Target { return nil }

func (p PackageTarget) Elem() markers.Target { return nil }

func (p PackageTarget) Key() markers.Target { return nil }

func (p PackageTarget) Field(string) markers.Target { return nil }

func (p PackageTarget) IntRange() (int64, uint64) { return 0, 0 }

func (p PackageTarget) Named() bool { return false }

// Target is a typed place for markers: a type, a field, or a value
// reached from one by a chained tag.
type Target struct {
	scope   markers.Scope
	t       *types.Type
	desc    string
	goField string // for subfield targets
}

// NewTarget is the place of a value of type t in scope, described by desc
// in errors.
func NewTarget(scope markers.Scope, t *types.Type, desc string) *Target {
	return &Target{scope: scope, t: t, desc: desc}
}

// Type is the Go type at the place.
func (t *Target) Type() *types.Type { return t.t }

// GoField is the Go name of the field a subfield target is, "" otherwise.
func (t *Target) GoField() string { return t.goField }

func (t *Target) Scope() markers.Scope { return t.scope }

func (t *Target) Describe() string { return t.desc }

func (t *Target) Named() bool { return t.t.Name.Package != "" }

func (t *Target) Kind() markers.Kind {
	r := Resolve(t.t)
	switch r.Kind {
	case types.Pointer:
		return markers.KindPointer
	case types.Struct:
		return markers.KindStruct
	case types.Slice:
		if IsBytes(r) {
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
func (t *Target) sub(scope markers.Scope, ty *types.Type, desc string) *Target {
	if what, _ := UnsupportedValue(ty); what != "" {
		desc += ", " + what + ", which validation-gen does not validate"
	}
	if r := Resolve(ty); r.Kind == types.Slice && IsBytes(r) {
		desc += ", a []byte, which JSON writes as a base64 string, not a list"
	}
	return &Target{scope: scope, t: ty, desc: desc}
}

func (t *Target) Deref() markers.Target {
	r := Resolve(t.t)
	if r.Kind != types.Pointer {
		return nil
	}
	return t.sub(t.scope, r.Elem, t.desc)
}

func (t *Target) Elem() markers.Target {
	r := Resolve(t.t)
	switch r.Kind {
	case types.Slice, types.Array:
		return t.sub(markers.ScopeListVal, r.Elem, fmt.Sprintf("elements of %s (%s)", t.desc, TypeString(r.Elem)))
	case types.Map:
		return t.sub(markers.ScopeMapVal, r.Elem, fmt.Sprintf("values of %s (%s)", t.desc, TypeString(r.Elem)))
	}
	return nil
}

func (t *Target) Key() markers.Target {
	r := Resolve(t.t)
	if r.Kind != types.Map {
		return nil
	}
	return t.sub(markers.ScopeMapKey, r.Key, fmt.Sprintf("keys of %s (%s)", t.desc, TypeString(r.Key)))
}

func (t *Target) Field(jsonName string) markers.Target {
	r := Resolve(t.t)
	if r.Kind == types.Pointer {
		r = Resolve(r.Elem)
	}
	if r.Kind != types.Struct {
		return nil
	}
	for _, m := range r.Members {
		name, inline, skip := JSONOf(m)
		if skip || inline || !IsExported(m.Name) || name != jsonName {
			continue
		}
		mt := RealType(m.Type, FieldType(r, m.Name))
		s := t.sub(markers.ScopeField, mt, fmt.Sprintf("field %s.%s (%s)", r.Name.Name, m.Name, TypeString(mt)))
		s.goField = m.Name
		return s
	}
	return nil
}

func (t *Target) IntRange() (int64, uint64) {
	r := Resolve(t.t)
	if r.Kind == types.Pointer {
		r = Resolve(r.Elem)
	}
	return markers.IntRange(r.Name.Name)
}

// IsBytes reports whether a slice is of bytes (uint8, byte).
func IsBytes(r *types.Type) bool {
	e := Resolve(r.Elem)
	return e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8")
}
