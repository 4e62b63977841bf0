package crd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

const metaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// crdCtx builds the schema of one version.
type crdCtx struct {
	m       *model.Model
	options map[string]bool
	// minLevel is the lowest stability level whose rules are written.
	minLevel model.Level
	errs     []error
	stack    []types.Name // types being built, to report recursion
	// An anchor is an object the server sees present exactly when Go
	// sees a value to validate: the root, a struct behind a pointer, a
	// list item, a map value. Go reads an absent non-pointer struct field
	// as its zero value, which a rule on that struct cannot do (the server
	// skips the rules of an absent object); so the presence and union
	// rules of structs reached from an anchor through non-pointer struct
	// fields go on the anchor (anchorRules), reading absent parents as
	// zero values and ratcheting against the old anchor read the same way.
	// lift is the path from the anchor to the struct being built;
	// continueLift tells structSchema that the struct it builds next is
	// such a field, not a new anchor.
	lift         []string
	continueLift bool
	anchorRules  []apiextv1.ValidationRule
	// rulePos is the tag of an anchor rule (by rule and field path) that
	// the server's check should name rather than the anchor's type.
	rulePos map[string]token.Position
	// atField: the value being built is a struct field's own value (not
	// an item, a map value or a sub-field's); pendingParent collects the
	// rules fieldRatchet puts on that field's parent.
	atField       bool
	pendingParent []pendingRule
	// uncorrelatable: the value being built is below an item of a list
	// that is not a list-map, where the server has no old value for a
	// transition rule. listKind is the list type of the list shapeSchema
	// builds next.
	uncorrelatable bool
	listKind       string
	// uniqueSet is set while the rules of an atomic list with
	// +k8s:unique=set are applied: its items ratchet by value, as a
	// list-set's do.
	uniqueSet bool
	// inItem: the value being built is below a list item or a map value,
	// where non-pointer fields get their zero value as default.
	inItem bool
	// setItemsPending: the list shapeSchema builds next is a list-set whose
	// item type's rules go on the list; noTypeRules: so the value built
	// next leaves its type's rules off.
	setItemsPending, noTypeRules bool
	// fieldPos is the position of the field being built, for errors.
	fieldPos token.Position
	// forRules: the schema is the one Go evaluates CEL rules with, not a
	// CRD's; a recursive type may recur there (recursion).
	forRules bool
	// schemaPath is the path of the schema node being built, as the
	// server's errors write it; positions records it for each field.
	schemaPath []string
	positions  Positions
}

// enter appends elem to the schema path until the returned func is called.
func (c *crdCtx) enter(elem string) func() {
	c.schemaPath = append(c.schemaPath, elem)
	return func() { c.schemaPath = c.schemaPath[:len(c.schemaPath)-1] }
}

func (c *crdCtx) rootSchema(t *model.Type) *apiextv1.JSONSchemaProps {
	s := c.structSchema(t, false)
	// apiVersion, kind and metadata are the server's: only their types.
	s.Properties["apiVersion"] = apiextv1.JSONSchemaProps{Type: "string"}
	s.Properties["kind"] = apiextv1.JSONSchemaProps{Type: "string"}
	s.Properties["metadata"] = apiextv1.JSONSchemaProps{Type: "object"}
	return &s
}

// structSchema is the object schema of a struct type. With opaque, only
// the structure is described: no rule of the type or below it.
func (c *crdCtx) structSchema(t *model.Type, opaque bool) apiextv1.JSONSchemaProps {
	seen := 0
	for _, n := range c.stack {
		if n != t.Go.Name {
			continue
		}
		// For rules, the type's values and those of one level below it
		// are described in full (a rule on a list of the type may read
		// its items' fields), then it ends.
		if seen++; c.forRules && seen < 2 {
			continue
		}
		if c.forRules {
			return c.recursion(t)
		}
		c.errs = append(c.errs, &markers.Error{Pos: t.Pos, Msg: fmt.Sprintf("type %s contains itself, which a CRD schema cannot describe", t.Go.Name.Name),
			Fix: "break the recursion (a CRD schema has no references), or leave the type out of CRD output"})
		return apiextv1.JSONSchemaProps{Type: "object"}
	}
	c.stack = append(c.stack, t.Go.Name)
	defer func() { c.stack = c.stack[:len(c.stack)-1] }()
	anchor := !c.continueLift
	c.continueLift = false
	savedLift, savedRules := c.lift, c.anchorRules
	if anchor {
		c.lift, c.anchorRules = nil, nil
	}
	s := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
	c.addFields(&s, t, opaque)
	if !opaque {
		for _, u := range t.Unions {
			c.anchorRules = append(c.anchorRules, c.unionRules(u)...)
		}
		for _, d := range t.Dependencies {
			c.anchorRules = append(c.anchorRules, c.dependencyRules(d)...)
		}
		c.anchorRules = append(c.anchorRules, c.modeRules(t)...)
		c.applyRules(&s, t.Go, c.resolveOptions(t.Rules), false)
	}
	if anchor {
		for _, r := range c.anchorRules {
			if p, ok := c.rulePos[r.Rule+"\x00"+r.FieldPath]; ok {
				c.positions[strings.Join(append(append([]string{}, c.schemaPath...), fmt.Sprintf("x-kubernetes-validations[%d]", len(s.XValidations))), ".")] = p
			}
			s.XValidations = append(s.XValidations, r)
		}
		c.lift, c.anchorRules = savedLift, savedRules
	}
	return s
}

// recursion is the schema, for CEL rules evaluated in Go, of a struct
// twice inside itself, where a schema without references has to end: its
// scalar fields only (the keys of a list-map of it among them); the
// server's CEL hides the others. A rule is evaluated at every level of
// the value, so it rarely reads that deep.
func (c *crdCtx) recursion(t *model.Type) apiextv1.JSONSchemaProps {
	preserve := true
	s := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}, XPreserveUnknownFields: &preserve}
	var scalars func(t *model.Type)
	scalars = func(t *model.Type) {
		for _, f := range t.Fields {
			if f.Inline {
				if inner := c.m.Lookup(gotype.Deref(f.Go)); inner != nil {
					scalars(inner)
				}
				continue
			}
			r := gotype.Resolve(gotype.Deref(f.Go))
			if r.Kind != types.Builtin {
				continue
			}
			fs := c.valueSchema(f.Go, nil, true, false)
			if c.inItem && f.Go.Kind != types.Pointer {
				if z := zeroJSON(f.Go); z != "null" {
					fs.Default = &apiextv1.JSON{Raw: []byte(z)}
				}
			}
			s.Properties[f.JSONName] = fs
		}
	}
	scalars(t)
	return s
}

// addFields adds a struct's fields to s, flattening inline ones.
func (c *crdCtx) addFields(s *apiextv1.JSONSchemaProps, t *model.Type, opaque bool) {
	defer func(pos token.Position) { c.fieldPos = pos }(c.fieldPos)
	for _, f := range t.Fields {
		if f.Inline {
			if isMetaType(f.Go, "TypeMeta") || isMetaType(f.Go, "ObjectMeta") {
				continue
			}
			inner := c.m.Lookup(gotype.Deref(f.Go))
			if inner == nil {
				continue
			}
			c.addFields(s, inner, opaque)
			if !opaque {
				for _, u := range inner.Unions {
					c.anchorRules = append(c.anchorRules, c.unionRules(u)...)
				}
				for _, d := range inner.Dependencies {
					c.anchorRules = append(c.anchorRules, c.dependencyRules(d)...)
				}
				c.anchorRules = append(c.anchorRules, c.modeRules(inner)...)
			}
			continue
		}
		if isMetaType(f.Go, "ObjectMeta") {
			continue // metadata: set by rootSchema
		}
		if _, ok := apiservercel.Escape(f.JSONName); !ok && !opaque && len(f.Rules) > 0 {
			c.errs = append(c.errs, &markers.Error{Pos: f.Pos, Msg: fmt.Sprintf("field %s: JSON name %q cannot be named in a CEL rule of the CRD", f.GoName, f.JSONName),
				Fix: "use a JSON name of letters, digits and _ . - / that does not start with a digit"})
		}
		c.fieldPos = f.Pos
		leave := c.enter("properties[" + f.JSONName + "]")
		c.positions[strings.Join(c.schemaPath, ".")] = f.Pos
		rules := f.Rules
		fieldOpaque := opaque || model.HasOpaque(rules)
		if opaque {
			rules = nil
		}
		rules = c.resolveOptions(rules)
		// A forbidden field gets no other check in Go: set, it is
		// Forbidden and nothing below it is validated; unset, there is
		// nothing to validate. Its schema describes the structure only
		// (the anchor holds the forbidden rule, liftedPresence), keeping
		// the CEL rules written on the field, which Go evaluates with its
		// parent's. Else the server would report errors below the field
		// that Go does not.
		valueRules := rules
		if !opaque && model.HasRule[model.Forbidden](rules) {
			fieldOpaque = true
			valueRules = nil
			for _, r := range rules {
				if _, ok := r.(model.CEL); ok {
					valueRules = append(valueRules, r)
				}
			}
		}
		// On a non-pointer field the zero value is decided by the anchor
		// (liftedPresence), which reads absent as zero as Go does; on the
		// value, the rules let it through. A keyword there would reject a
		// present zero that an absent old value ratchets.
		zeroByParent := f.Go.Kind != types.Pointer && f.Go.Kind != types.Struct && !opaque
		savedLift := c.lift
		if f.Go.Kind == types.Struct {
			c.lift = append(append([]string{}, c.lift...), f.JSONName)
			c.continueLift = true
		}
		savedAtField, savedPending := c.atField, c.pendingParent
		c.atField, c.pendingParent = true, nil
		fs := c.valueSchema(f.Go, valueRules, fieldOpaque, zeroByParent)
		c.continueLift = false
		for _, p := range c.pendingParent {
			s.XValidations = append(s.XValidations, p.parentRule(f))
		}
		c.atField, c.pendingParent = savedAtField, savedPending
		c.lift = savedLift
		if f.Default != "" && !opaque {
			// The server defaults an absent field before it validates, as
			// an API server does before admission: the field is then set,
			// which is why optional reads a default as "effectively
			// required" (the Go validator sees the defaulted object too,
			// in a webhook; docs/crd-design.md).
			var compact bytes.Buffer
			if err := json.Compact(&compact, []byte(f.Default)); err == nil {
				fs.Default = &apiextv1.JSON{Raw: compact.Bytes()}
				// The server's complaint about a default names its tag.
				c.positions[strings.Join(append(append([]string{}, c.schemaPath...), "default"), ".")] = f.DefaultPos
			}
		}
		if c.inItem && f.Go.Kind != types.Pointer && fs.Default == nil {
			// The server ratchets a list's own rules (maxItems), and the
			// items it cannot correlate, only when the whole list is
			// unchanged in JSON; Go compares values, in which absent and
			// zero are one. Defaults make them one in JSON too
			// (docs/crd-design.md), and let rules read these fields
			// without has(), which the cost estimate of a rule in a map
			// value (unbounded) needs.
			if z := zeroJSON(f.Go); z != "null" {
				fs.Default = &apiextv1.JSON{Raw: []byte(z)}
			}
		}
		s.Properties[f.JSONName] = fs
		if !opaque {
			c.liftedPresence(f, rules)
			c.updateRules(f, rules)
		}
		leave()
	}
}

// valueSchema is the schema of a value of Go type t, with the rules that
// apply to it at this place (and, unless opaque, its type's own).
//
// With optional, a zero value means "unset" (see applyRules).
func (c *crdCtx) valueSchema(t *types.Type, rules []model.Rule, opaque, optional bool) apiextv1.JSONSchemaProps {
	if t.Kind == types.Pointer {
		return c.valueSchema(t.Elem, rules, opaque, false)
	}
	noTypeRules := c.noTypeRules
	c.noTypeRules = false
	if s, ok := wellKnown(t); ok {
		c.applyRules(&s, t, rules, optional)
		return s
	}
	var s apiextv1.JSONSchemaProps
	mt := c.m.Lookup(t)
	switch {
	case t.Kind == types.Struct && mt != nil:
		s = c.structSchema(mt, opaque)
	case t.Kind == types.Struct:
		s = apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptrTo(true)}
	default:
		r := t
		if t.Kind == types.Alias {
			r = t.Underlying
			// A list or map typedef can hold itself (type L []L), with no
			// struct on the way for structSchema to notice.
			for _, n := range c.stack {
				if n != t.Name {
					continue
				}
				if c.forRules {
					// Where a schema without references has to end; the
					// server's CEL does not expose an untyped value.
					return apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}
				}
				c.errs = append(c.errs, &markers.Error{Pos: c.fieldPos, Msg: fmt.Sprintf("type %s contains itself, which a CRD schema cannot describe", t.Name.Name),
					Fix: "break the recursion (a CRD schema has no references), or leave the type out of CRD output"})
				return apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}
			}
			c.stack = append(c.stack, t.Name)
			defer func() { c.stack = c.stack[:len(c.stack)-1] }()
		}
		all := rules
		if mt != nil {
			all = append(append([]model.Rule{}, rules...), c.resolveOptions(mt.Rules)...)
		}
		c.listKind = ""
		for _, x := range all {
			if lt, ok := x.(model.ListType); ok {
				c.listKind = lt.Kind
			}
		}
		// The items of a list-set are not correlated with the old list by
		// the server, so the rules of their type go on the list, where
		// they can ratchet as Go does (setItemTypeRules).
		setItems := c.listKind == "set" && c.atField && !c.uncorrelatable && !opaque
		c.setItemsPending = setItems
		s = c.shapeSchema(r, opaque)
		c.setItemsPending = false
		if mt != nil && !opaque && !noTypeRules {
			c.applyRules(&s, t, c.resolveOptions(mt.Rules), optional)
			if len(mt.Enum) > 0 && c.enforces(mt.EnumLevel) {
				c.applyRules(&s, t, []model.Rule{enumRule{values: c.enumOf(mt)}}, optional)
			}
		}
		c.applyRules(&s, t, rules, optional)
		if setItems {
			c.setItemTypeRules(&s, t)
		}
		if !opaque {
			c.keyTypeRules(&s, t)
		}
		return s
	}
	c.applyRules(&s, t, rules, optional)
	return s
}

// shapeSchema is the schema of an unnamed (or typedef'd) shape.
func (c *crdCtx) shapeSchema(t *types.Type, opaque bool) apiextv1.JSONSchemaProps {
	switch t.Kind {
	case types.Alias:
		if mt := c.m.Lookup(t); mt != nil || t.Name.Package != "" {
			return c.valueSchema(t, nil, opaque, false)
		}
		return c.shapeSchema(t.Underlying, opaque)
	case types.Pointer:
		return c.valueSchema(t.Elem, nil, opaque, false)
	case types.Slice, types.Array:
		if r := gotype.Resolve(t.Elem); r.Kind == types.Builtin && (r.Name.Name == "byte" || r.Name.Name == "uint8") {
			return apiextv1.JSONSchemaProps{Type: "string", Format: "byte"}
		}
		savedUncorrelatable, savedInItem := c.uncorrelatable, c.inItem
		defer func() { c.uncorrelatable, c.inItem = savedUncorrelatable, savedInItem }()
		c.inItem = true
		if c.listKind != "map" {
			c.uncorrelatable = true
		}
		c.listKind = ""
		defer c.enter("items")()
		c.noTypeRules, c.setItemsPending = c.setItemsPending, false
		items := c.valueSchema(t.Elem, nil, opaque, false)
		items.Nullable = nilWritesNull(t.Elem)
		return apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}
	case types.Map:
		if r := gotype.Resolve(t.Key); r.Kind != types.Builtin || r.Name.Name != "string" {
			c.errs = append(c.errs, &markers.Error{Pos: c.fieldPos, Msg: fmt.Sprintf("map keys of %s must be strings in a CRD schema", gotype.TypeString(t)),
				Fix: "use a map with string keys (JSON object keys are strings)"})
		}
		defer c.enter("additionalProperties")()
		defer func(saved bool) { c.inItem = saved }(c.inItem)
		c.inItem = true
		vals := c.valueSchema(t.Elem, nil, opaque, false)
		vals.Nullable = nilWritesNull(t.Elem)
		return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &vals}}
	case types.Builtin:
		switch gotype.BuiltinKind(t.Name.Name) {
		case "string":
			return apiextv1.JSONSchemaProps{Type: "string"}
		case "bool":
			return apiextv1.JSONSchemaProps{Type: "boolean"}
		case "float":
			return apiextv1.JSONSchemaProps{Type: "number"}
		}
		s := apiextv1.JSONSchemaProps{Type: "integer", Format: "int64"}
		switch t.Name.Name {
		case "uint", "uint64", "uintptr":
			// The server holds integers as int64: a larger value, which
			// the Go type holds and Go validates, is rejected there as a
			// number of the wrong type, whatever the schema says.
			c.errs = append(c.errs, &markers.Error{Pos: c.fieldPos, Msg: fmt.Sprintf("%s holds values above 2^63-1, which the API server cannot hold (it rejects them as not an int64), so no CRD schema can agree with the Go validator", t.Name.Name),
				Fix: "use int64 (with +k8s:minimum=0), or uint32 or narrower; Kubernetes API conventions avoid unsigned integers"})
		}
		switch t.Name.Name {
		case "int32", "int16", "int8", "uint16", "uint8", "byte":
			s.Format = "int32"
		}
		// What the Go type cannot hold, the server rejects too (Go's JSON
		// decoding would fail on it).
		if b, ok := intBounds[t.Name.Name]; ok {
			s.Minimum, s.Maximum = ptrTo(b[0]), ptrTo(b[1])
		} else if strings.HasPrefix(t.Name.Name, "uint") {
			s.Minimum = ptrTo(0.0)
		}
		return s
	case types.Interface:
		return apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}
	}
	if mt := c.m.Lookup(t); mt != nil {
		return c.structSchema(mt, opaque)
	}
	return apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptrTo(true)}
}

// keyTypeRules writes the rules of the key type of a map (a string
// typedef with its own tags, or an enum), which Go checks on every key as
// it does eachKey's rules, at the map: as eachKey.
func (c *crdCtx) keyTypeRules(s *apiextv1.JSONSchemaProps, t *types.Type) {
	r := gotype.Resolve(gotype.Deref(t))
	if r.Kind != types.Map || r.Key == nil || s.AdditionalProperties == nil {
		return
	}
	rules := c.allRules(r.Key, nil)
	if len(rules) == 0 {
		return
	}
	c.applyRule(s, t, model.EachKey{Rules: rules})
}

// nilWritesNull reports whether a valid Go item or map value of type t can
// be written as JSON null: a nil slice or map, which Go validates as
// empty. (A nil pointer item is invalid in Go, and null in the server.)
// The server prunes a null map value and rejects a null list item unless
// the schema says nullable.
func nilWritesNull(t *types.Type) bool {
	switch gotype.Resolve(t).Kind {
	case types.Slice, types.Map:
		return true
	}
	return false
}

// intBounds are the ranges of the integer types narrower than the int32
// and int64 formats.
var intBounds = map[string][2]float64{
	"int8": {-128, 127}, "int16": {-32768, 32767},
	"uint8": {0, 255}, "byte": {0, 255}, "uint16": {0, 65535}, "uint32": {0, 4294967295},
}

// wellKnown are apimachinery types with a fixed JSON form.
func wellKnown(t *types.Type) (apiextv1.JSONSchemaProps, bool) {
	switch t.Name.Package + "." + t.Name.Name {
	case metaV1 + ".Time", metaV1 + ".MicroTime":
		return apiextv1.JSONSchemaProps{Type: "string", Format: "date-time"}, true
	case metaV1 + ".Duration":
		return apiextv1.JSONSchemaProps{Type: "string"}, true
	case metaV1 + ".ObjectMeta":
		return apiextv1.JSONSchemaProps{Type: "object"}, true
	case "k8s.io/apimachinery/pkg/util/intstr.IntOrString":
		return apiextv1.JSONSchemaProps{XIntOrString: true, AnyOf: []apiextv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}}}, true
	case "k8s.io/apimachinery/pkg/api/resource.Quantity":
		return apiextv1.JSONSchemaProps{XIntOrString: true, AnyOf: []apiextv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}},
			Pattern: `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`}, true
	case "k8s.io/apimachinery/pkg/runtime.RawExtension":
		return apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptrTo(true)}, true
	case "k8s.io/apimachinery/pkg/types.UID":
		return apiextv1.JSONSchemaProps{Type: "string"}, true
	}
	return apiextv1.JSONSchemaProps{}, false
}

func isMetaType(t *types.Type, name string) bool {
	t = gotype.Deref(t)
	return t.Name.Package == metaV1 && t.Name.Name == name
}

func ptrTo[T any](v T) *T { return &v }

func jsonValue(v any) apiextv1.JSON {
	b, _ := json.Marshal(v)
	return apiextv1.JSON{Raw: b}
}

// resolveOptions replaces ifEnabled/ifDisabled by their chained rules when
// they apply under the CRD options, and drops them otherwise; it drops the
// rules of a stability level the CRD does not enforce, and test tags that
// always pass (validateTrue), which check nothing.
func (c *crdCtx) resolveOptions(rules []model.Rule) []model.Rule {
	var out []model.Rule
	for _, r := range rules {
		if f, ok := r.(model.Fixed); ok && f.Pass {
			continue
		}
		if _, list := r.(model.ListType); !list && !c.enforces(r.Stability()) {
			// A listType is the list's structure (server-side apply, item
			// correlation) whatever its level: applyRule keeps it.
			continue
		}
		x, ok := r.(model.IfOption)
		if !ok {
			out = append(out, r)
			continue
		}
		if c.options[x.Option] == x.Enabled {
			out = append(out, c.resolveOptions(x.Rules)...)
		}
	}
	return out
}

func elemSchema(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
	if s.Items != nil && s.Items.Schema != nil {
		return s.Items.Schema
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		return s.AdditionalProperties.Schema
	}
	return nil
}

func elemType(t *types.Type) *types.Type {
	r := gotype.Resolve(gotype.Deref(t))
	if r.Elem != nil {
		return r.Elem
	}
	return r
}

func keyType(t *types.Type) *types.Type {
	r := gotype.Resolve(gotype.Deref(t))
	if r.Key != nil {
		return r.Key
	}
	return r
}

// enforces reports whether the CRD enforces rules of level l.
func (c *crdCtx) enforces(l model.Level) bool {
	rank := map[model.Level]int{model.Alpha: 0, model.Beta: 1, model.Stable: 2}
	return rank[l] >= rank[c.minLevel]
}
