package celgo

import (
	"encoding/json"
	"fmt"
	"math"
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
	kLazy // a list filter() or map() makes (lists.go)
	// kDurationString is a metav1.Duration, a string to CEL, which the
	// subset reads only through duration(); val is its time.Duration.
	kDurationString
	kDuration // a CEL duration, held as its int64 nanoseconds
	// kTimestamp is a metav1.Time, a date-time string to CEL, which reads
	// it as a timestamp; held as its Unix seconds (the JSON's precision),
	// read only by selecting the field (runtime.CELTimestamp).
	kTimestamp
)

func (k kind) goType() *jen.Statement {
	switch k {
	case kBool:
		return jen.Bool()
	case kInt:
		return jen.Int64()
	case kString:
		return jen.String()
	case kDuration, kDurationString, kTimestamp:
		return jen.Int64()
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
	case kString, kDurationString:
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
	// elem is a list's items or a map's values, nil where the subset
	// cannot read them.
	elem *node
	// listType is a list's x-kubernetes-list-type (atomic by default),
	// which decides how CEL compares two lists.
	listType string
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
	// def is the schema's default (a scalar literal), the value where Go's
	// JSON leaves the property out; nil for none.
	def *jen.Statement
	// zeroDefault: the schema defaults the (pointer) property to {}, which
	// is to the server what the Go zero value of its struct is.
	zeroDefault bool
	node        *node
	why         string
	// presenceWhy is why the property's presence cannot be told ("" when
	// it can: has() works on it even where its value cannot be read).
	presenceWhy string
	// base64: a []byte (format: byte), which the server decodes as a rule
	// reaches it, has() included, failing the rule where it cannot.
	base64 bool
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
	case kDurationString:
		return jen.Int64().Call(jen.Parens(v).Dot("Duration"))
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
	if t.Name.Package == "k8s.io/apimachinery/pkg/apis/meta/v1" && t.Name.Name == "Time" && plain.Type == "string" && plain.Format == "date-time" {
		// Its JSON is RFC 3339 to the second, in UTC, which the server
		// reads as a timestamp.
		return &node{kind: kTimestamp, goTyp: t}, ""
	}
	if t.Name.Package == "k8s.io/apimachinery/pkg/apis/meta/v1" && t.Name.Name == "Duration" && plain.Type == "string" && plain.Format == "" {
		// Its JSON is its time.Duration's String(), which CEL's
		// duration() parses back to the same value (time.ParseDuration).
		return &node{kind: kDurationString, goTyp: t}, ""
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
		n := &node{kind: kList, goTyp: t, listType: "atomic"}
		if plain.XListType != nil {
			n.listType = *plain.XListType
		}
		if plain.Items != nil && plain.Items.Schema != nil && r.Elem.Kind != types.Pointer {
			// The items' schema has the CRD's defaults below items.
			n.elem, _ = bind(r.Elem, plain.Items.Schema, nil, depth+1)
		}
		return n, ""
	case "object":
		if r.Kind == types.Map {
			if k := gotype.Resolve(r.Key); k.Kind != types.Builtin || gotype.BuiltinKind(k.Name.Name) != "string" {
				// Its keys write themselves as text (MarshalText): the
				// compiled code reads keys as Go strings.
				return nil, "a map whose keys are not strings"
			}
			n := &node{kind: kList, goTyp: t, isMap: true}
			if plain.AdditionalProperties != nil && plain.AdditionalProperties.Schema != nil && r.Elem.Kind != types.Pointer {
				n.elem, _ = bind(r.Elem, plain.AdditionalProperties.Schema, nil, depth+1)
			}
			return n, ""
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
		p.absent, p.presenceWhy = absence(vt, p.isPtr, omitEmpty, omitZero)
		var is *apiextv1.JSONSchemaProps
		if item != nil {
			if s, ok := item.Properties[name]; ok {
				is = &s
				if s.Default != nil {
					if p.isPtr {
						p.why, p.presenceWhy = "a pointer with a default below items", "a pointer with a default below items"
						continue
					}
					p.inItem = true
				}
			}
		}
		sub, why := bind(vt, &ps, is, depth+1)
		if ps.Default != nil && p.presenceWhy == "" {
			// The server's decoding gives an absent property its default:
			// it is always there, and its value is the default where Go's
			// JSON leaves it out.
			switch {
			case p.absent == nil:
				// Go's JSON always has it: the default never applies.
			case !p.isPtr && isZeroJSON(ps.Default.Raw):
				p.absent = nil // the server sees the Go zero value
			case sub != nil && sub.kind == kObject && p.isPtr && strings.TrimSpace(string(ps.Default.Raw)) == "{}" && zeroIsEmpty(sub):
				// An absent struct is {}, with its own properties'
				// defaults: what the Go zero value is to the server.
				p.zeroDefault = true
			case sub != nil && (sub.kind == kInt || sub.kind == kString || sub.kind == kBool):
				def, ok := scalarDefault(sub.kind, ps.Default.Raw)
				if !ok {
					p.why, p.presenceWhy = "a default that is not of its type", "a default that is not of its type"
					continue
				}
				p.def = def
			default:
				p.why, p.presenceWhy = "it has a default", "it has a default"
				continue
			}
		}
		if sub == nil {
			p.why = why
			switch {
			case ps.Type != "string" || !convertedOnRead[ps.Format] || p.presenceWhy != "":
			case ps.Format == "byte" && !p.isPtr && isBytes(vt):
				// has() fails where the server's decoding does
				// (runtime.CELBytesError).
				p.base64 = true
			default:
				// The server makes the value a CEL value as a rule reaches
				// it, has() included, and a string that does not convert
				// fails the rule: interpreted, the rule fails as there.
				p.presenceWhy = "a " + ps.Format + " string, which the server converts as a rule reads it, has() included"
			}
			continue
		}
		p.node = sub
	}
}

// isBytes reports whether t is a slice of bytes (Go's JSON writes it as
// standard base64).
func isBytes(t *types.Type) bool {
	r := gotype.Resolve(t)
	if r.Kind != types.Slice {
		return false
	}
	e := gotype.Resolve(r.Elem)
	return e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8")
}

// convertedOnRead are the string formats the server's CEL reads as values
// of other types (bytes, timestamps, durations), failing the rule that
// reads a string that does not convert.
var convertedOnRead = map[string]bool{"byte": true, "date": true, "date-time": true, "duration": true}

// absence is the Go condition (on the field expression) under which a
// property of Go type vt (behind a pointer when isPtr) is not in the JSON
// Go writes: nil when never; why says why it cannot be told.
func absence(vt *types.Type, isPtr, omitEmpty, omitZero bool) (func(f *jen.Statement) *jen.Statement, string) {
	r := gotype.Resolve(vt)
	switch {
	case isTime(vt) && isPtr:
		// A time writes null for its zero value, which the server drops.
		return func(f *jen.Statement) *jen.Statement {
			return f.Clone().Op("==").Nil().Op("||").Add(f.Clone()).Dot("IsZero").Call()
		}, ""
	case isTime(vt):
		return func(f *jen.Statement) *jen.Statement { return f.Clone().Dot("IsZero").Call() }, ""
	case isPtr:
		if ownJSONNull(vt) {
			return nil, vt.Name.Name + " writes null for its zero value"
		}
		return func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Nil() }, ""
	case ownJSONNull(vt):
		return nil, vt.Name.Name + " writes null for its zero value"
	case r.Kind == types.Slice || r.Kind == types.Map:
		if omitEmpty {
			return func(f *jen.Statement) *jen.Statement { return jen.Len(f.Clone()).Op("==").Lit(0) }, ""
		}
		return func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Nil() }, ""
	case r.Kind == types.Builtin && (omitEmpty || omitZero):
		var zero jen.Code = jen.Lit(0)
		switch gotype.BuiltinKind(r.Name.Name) {
		case "string":
			zero = jen.Lit("")
		case "bool":
			zero = jen.False()
		}
		return func(f *jen.Statement) *jen.Statement { return f.Clone().Op("==").Add(zero) }, ""
	case omitZero && r.Kind == types.Struct:
		// encoding/json leaves a zero struct out: by its IsZero method
		// where it has one, else as reflect.Value.IsZero, field by field.
		if hasIsZero(vt) {
			return func(f *jen.Statement) *jen.Statement { return f.Clone().Dot("IsZero").Call() }, ""
		}
		return func(f *jen.Statement) *jen.Statement {
			return jen.Qual(pkgRT, "ReflectZero").Call(jen.Op("&").Add(f.Clone()))
		}, ""
	case omitZero:
		return nil, "a value tagged omitzero"
	}
	return nil, ""
}

// hasIsZero reports whether t (or *t) has an IsZero() bool method.
func hasIsZero(t *types.Type) bool {
	m, ok := t.Methods["IsZero"]
	return ok && m.Signature != nil && len(m.Signature.Parameters) == 0 && len(m.Signature.Results) == 1
}

// zeroIsEmpty reports whether the Go zero value of object n writes none
// of its properties, as the server's {} has none but those it defaults.
func zeroIsEmpty(n *node) bool {
	for _, p := range n.props {
		if p.absent == nil && p.def == nil {
			return false
		}
	}
	return true
}

// ownJSONNull reports whether t writes null for its zero value (a
// metav1.Time, empty raw JSON), which the server drops: absent, in ways
// the subset does not tell yet.
func ownJSONNull(t *types.Type) bool {
	switch t.Name.Package + "." + t.Name.Name {
	case "k8s.io/apimachinery/pkg/apis/meta/v1.Time", "k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime",
		"k8s.io/apimachinery/pkg/runtime.RawExtension", "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON":
		return true
	}
	return false
}

// isTime reports whether t is a metav1.Time or MicroTime, which writes
// null for its zero value.
func isTime(t *types.Type) bool {
	return t.Name.Package == "k8s.io/apimachinery/pkg/apis/meta/v1" && (t.Name.Name == "Time" || t.Name.Name == "MicroTime")
}

// scalarDefault is a default as a Go literal of kind k.
func scalarDefault(k kind, raw []byte) (*jen.Statement, bool) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, false
	}
	switch x := v.(type) {
	case string:
		if k == kString {
			return jen.Lit(x), true
		}
	case bool:
		if k == kBool {
			return jen.Lit(x), true
		}
	case float64:
		if k == kInt && x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return jen.Lit(int64(x)), true
		}
	}
	return nil, false
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
