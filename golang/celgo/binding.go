package celgo

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
)

// kind is what a CEL value is in compiled code.
type kind int

const (
	kBool kind = iota + 1
	kInt
	kString
	kObject // a struct, held as an expression fields can be selected on
	kList   // a list or a map, held as the Go slice or map
	kListLit
	kOptional
)

func (k kind) goType() *jen.Statement {
	switch k {
	case kBool:
		return jen.Bool()
	case kInt:
		return jen.Int64()
	case kString:
		return jen.String()
	}
	return nil
}

// schemaType is the schema's type of a value of kind k, which the server
// reports as the bad value of an evaluation error.
func (k kind) schemaType() string {
	switch k {
	case kBool:
		return "boolean"
	case kInt:
		return "integer"
	case kString:
		return "string"
	case kObject:
		return "object"
	}
	return "array"
}

// node is the Go view of a schema node: what CEL's self is in Go.
type node struct {
	kind  kind
	goTyp *types.Type // the Go type of the value (behind its pointer, for a pointer field)
	isMap bool
	props map[string]*prop // kObject
	// opaque: an object whose schema names no property (the metadata of
	// a kind), which the server's ratcheting never finds equal once it
	// holds anything.
	opaque bool
	// complete: every JSON field of the Go struct is a property.
	complete bool
	// elem is a list's items, nil where the subset cannot read them.
	elem *node
}

// comparable reports whether runtime.JSONEqual finds n's values equal
// exactly when the server's ratcheting does: scalars, and objects of
// comparable properties that every field of the Go struct describes. (The
// server correlates list-map items by key and finds an object whose
// schema names no property changed; the interpreter reproduces both.)
func (n *node) comparable() bool {
	if n == nil || n.opaque || n.kind == kList {
		return false
	}
	for _, p := range n.props {
		if p.node == nil || !p.node.comparable() {
			return false
		}
	}
	return n.kind != kObject || n.complete
}

// prop is a property of an object: its Go field, when the server sees it,
// and its value. A property the subset cannot read has why set.
type prop struct {
	name   string
	member string // the Go field (path through inline embedded structs)
	ft     *types.Type
	isPtr  bool
	// absent is the Go condition (on the field expression) under which the
	// property is not in the server's view of the object; nil when never.
	absent func(f *jen.Statement) *jen.Statement
	inItem bool // the CRD defaults it below list items and map values
	node   *node
	why    string
}

// value is the Go expression of the property's CEL value, given the field
// expression (safe only when present).
func (p *prop) value(f *jen.Statement) *jen.Statement {
	f = f.Clone()
	switch p.node.kind {
	case kObject:
		return f // a pointer or an addressable struct: fields select alike
	case kList:
		if p.isPtr {
			return jen.Parens(jen.Op("*").Add(f))
		}
		return f
	}
	if p.isPtr {
		f = jen.Op("*").Add(f)
	}
	return scalar(p.node.kind, f)
}

func scalar(k kind, v *jen.Statement) *jen.Statement {
	switch k {
	case kInt:
		return jen.Int64().Call(v)
	case kString:
		return jen.String().Call(v)
	case kBool:
		return jen.Bool().Call(v)
	}
	return v
}

// bind builds the view of a Go type against its schema for the server's
// rules (plain) and, when the type can be below list items or map values,
// against the schema the CRD has there (item, nil otherwise).
func bind(t *types.Type, plain, item *apiextv1.JSONSchemaProps, depth int) (*node, string) {
	if depth > 12 {
		return nil, "too deep"
	}
	if plain == nil {
		return nil, "no schema"
	}
	if plain.Nullable || plain.XIntOrString || (plain.XPreserveUnknownFields != nil && *plain.XPreserveUnknownFields) || plain.XEmbeddedResource {
		return nil, "a nullable, int-or-string, embedded or unknown-fields value"
	}
	if hasMarshaler(t) {
		return nil, fmt.Sprintf("%s has its own JSON encoding", t.Name)
	}
	r := gotype.Resolve(t)
	switch plain.Type {
	case "string":
		if r.Kind != types.Builtin || gotype.BuiltinKind(r.Name.Name) != "string" || plain.Format == "byte" || plain.Format == "date" || plain.Format == "date-time" || plain.Format == "duration" {
			return nil, "a string CEL does not read as a string"
		}
		return &node{kind: kString, goTyp: t}, ""
	case "boolean":
		if r.Kind != types.Builtin || r.Name.Name != "bool" {
			return nil, "a boolean of another Go kind"
		}
		return &node{kind: kBool, goTyp: t}, ""
	case "integer":
		if r.Kind != types.Builtin {
			return nil, "an integer of another Go kind"
		}
		switch r.Name.Name {
		case "int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "byte":
			return &node{kind: kInt, goTyp: t}, ""
		}
		return nil, "an integer that may not fit CEL's int"
	case "array":
		if r.Kind != types.Slice {
			return nil, "a list of another Go kind"
		}
		n := &node{kind: kList, goTyp: t}
		if plain.Items != nil && plain.Items.Schema != nil && r.Elem.Kind != types.Pointer {
			// The items' schema has the CRD's defaults below items.
			n.elem, _ = bind(r.Elem, plain.Items.Schema, nil, depth+1)
		}
		return n, ""
	case "object":
		if r.Kind == types.Map {
			return &node{kind: kList, goTyp: t, isMap: true}, ""
		}
		if r.Kind != types.Struct || plain.AdditionalProperties != nil {
			return nil, "an object of another Go kind"
		}
		n := &node{kind: kObject, goTyp: t, props: map[string]*prop{}}
		addProps(n, r, "", plain, item, depth)
		n.opaque = len(plain.Properties) == 0 && len(r.Members) > 0
		n.complete = allDescribed(r, plain)
		return n, ""
	}
	return nil, "a value of schema type " + plain.Type
}

// addProps adds the properties of struct st (reached through the Go
// member path via) to n.
func addProps(n *node, st *types.Type, via string, plain, item *apiextv1.JSONSchemaProps, depth int) {
	for _, m := range st.Members {
		name, inline, skip := gotype.JSONOf(m)
		if skip || !gotype.IsExported(m.Name) {
			continue
		}
		ft := gotype.RealType(m.Type, gotype.FieldType(st, m.Name))
		if inline {
			if in := gotype.Resolve(ft); in.Kind == types.Struct {
				addProps(n, in, via+m.Name+".", plain, item, depth)
			}
			continue
		}
		ps, ok := plain.Properties[name]
		if !ok {
			continue
		}
		p := &prop{name: name, member: via + m.Name, ft: ft}
		n.props[name] = p
		tag := strings.Split(reflect.StructTag(m.Tags).Get("json"), ",")
		omitEmpty, omitZero := slices.Contains(tag[1:], "omitempty"), slices.Contains(tag[1:], "omitzero")
		vt := ft
		if ft.Kind == types.Pointer {
			p.isPtr, vt = true, ft.Elem
		}
		zeroDefault := false
		if ps.Default != nil {
			if p.isPtr || !isZeroJSON(ps.Default.Raw) {
				p.why = "it has a default"
				continue
			}
			zeroDefault = true // the server sees the Go zero value: always there
		}
		var is *apiextv1.JSONSchemaProps
		if item != nil {
			if s, ok := item.Properties[name]; ok {
				is = &s
				if s.Default != nil {
					if p.isPtr {
						p.why = "a pointer with a default below items"
						continue
					}
					p.inItem = true
				}
			}
		}
		sub, why := bind(vt, &ps, is, depth+1)
		if sub == nil {
			p.why = why
			continue
		}
		p.node = sub
		r := gotype.Resolve(vt)
		switch {
		case zeroDefault:
		case p.isPtr:
			p.absent = func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Nil() }
		case r.Kind == types.Slice || r.Kind == types.Map:
			if omitEmpty {
				p.absent = func(f *jen.Statement) *jen.Statement { return jen.Len(f.Clone()).Op("==").Lit(0) }
			} else {
				p.absent = func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Nil() }
			}
		case r.Kind == types.Builtin && (omitEmpty || omitZero):
			zero := zeroOf(sub.kind)
			p.absent = func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Add(zero) }
		case omitZero:
			p.why, p.node = "a struct tagged omitzero", nil
		}
	}
}

// allDescribed reports whether every JSON field of st (through inline
// embedded structs) is a property of s.
func allDescribed(st *types.Type, s *apiextv1.JSONSchemaProps) bool {
	for _, m := range st.Members {
		name, inline, skip := gotype.JSONOf(m)
		if skip || !gotype.IsExported(m.Name) {
			continue
		}
		if inline {
			if in := gotype.Resolve(gotype.Deref(m.Type)); in.Kind != types.Struct || !allDescribed(in, s) {
				return false
			}
			continue
		}
		if _, ok := s.Properties[name]; !ok {
			return false
		}
	}
	return true
}

// isZeroJSON reports whether a default is the JSON of a Go zero value.
func isZeroJSON(raw []byte) bool {
	switch strings.TrimSpace(string(raw)) {
	case `""`, "0", "false", "[]", "{}":
		return true
	}
	return false
}

func zeroOf(k kind) jen.Code {
	switch k {
	case kString:
		return jen.Lit("")
	case kBool:
		return jen.False()
	}
	return jen.Lit(0)
}

// hasMarshaler reports whether t (or *t) encodes itself to JSON, which
// apimachinery's converter then uses instead of the fields.
func hasMarshaler(t *types.Type) bool {
	for t != nil {
		if _, ok := t.Methods["MarshalJSON"]; ok {
			return true
		}
		if t.Kind != types.Alias {
			return false
		}
		t = t.Underlying
	}
	return false
}

// rootNode is the view of a kind: its metadata is, for CEL, an object of
// name and generateName (apiextensions' WithTypeAndObjectMeta).
func rootNode(t *types.Type, plain, item *apiextv1.JSONSchemaProps) (*node, string) {
	n, why := bind(t, plain, item, 0)
	if n == nil {
		return nil, why
	}
	if md, ok := n.props["metadata"]; ok && !md.isPtr {
		meta := &node{kind: kObject, goTyp: md.ft, props: map[string]*prop{}}
		om := gotype.Resolve(md.ft)
		s := &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{"name": {Type: "string"}, "generateName": {Type: "string"}}}
		addProps(meta, om, "", s, nil, 1)
		md.node, md.why = meta, ""
	}
	return n, ""
}
