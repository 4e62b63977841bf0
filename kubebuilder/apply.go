package kubebuilder

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/declval/validation-gen/markers"
)

// firstPass are the markers controller-gen applies before the others,
// because the others read what they set (the type, the list type).
var firstPass = map[string]bool{
	"kubebuilder:validation:Type": true, "kubebuilder:validation:XIntOrString": true, "listType": true, "default": true,
}

// lastPass are the markers controller-gen applies after the others, in
// this order: their rules follow those of XValidation markers.
var lastPass = map[string]int{
	"kubebuilder:validation:AtMostOneOf": 1, "kubebuilder:validation:ExactlyOneOf": 2, "kubebuilder:validation:AtLeastOneOf": 3,
}

// oneOfRule is the rule of an AtMostOneOf, ExactlyOneOf or AtLeastOneOf
// marker as the controller-gen matched writes it: since v0.22 a sum of
// (has(self.f)?1:0) compared with 1, or has() joined by || for
// AtLeastOneOf; before, a list of has() filtered and counted.
func (b *builder) oneOfRule(marker string, fields []string) apiextv1.ValidationRule {
	list := "[" + strings.Join(fields, " ") + "]"
	has := make([]string, len(fields))
	sum := make([]string, len(fields))
	for i, f := range fields {
		has[i] = "has(self." + f + ")"
		sum[i] = "(" + has[i] + "?1:0)"
	}
	count := "[" + strings.Join(has, ",") + "].filter(x,x==true).size()"
	if b.cgMinor >= 22 {
		count = strings.Join(sum, "+")
	}
	switch marker {
	case "kubebuilder:validation:AtMostOneOf":
		return apiextv1.ValidationRule{Rule: count + " <= 1", Message: "at most one of the fields in " + list + " may be set"}
	case "kubebuilder:validation:ExactlyOneOf":
		return apiextv1.ValidationRule{Rule: count + " == 1", Message: "exactly one of the fields in " + list + " must be set"}
	}
	rule := count + " >= 1"
	if b.cgMinor >= 22 {
		rule = strings.Join(has, "||")
	}
	return apiextv1.ValidationRule{Rule: rule, Message: "at least one of the fields in " + list + " must be set"}
}

// apply writes markers into a schema node: the markers for the node
// first, then the items: forms into its items.
func (b *builder) apply(s apiextv1.JSONSchemaProps, ms []*markers.CGMarker, pos token.Position) apiextv1.JSONSchemaProps {
	var own, items []*markers.CGMarker
	for _, m := range ms {
		if m.Items {
			items = append(items, m)
		} else {
			own = append(own, m)
		}
	}
	sort.SliceStable(own, func(i, j int) bool {
		if firstPass[own[i].Def.Name] != firstPass[own[j].Def.Name] {
			return firstPass[own[i].Def.Name]
		}
		if pi, pj := lastPass[own[i].Def.Name], lastPass[own[j].Def.Name]; pi != pj {
			return pi < pj
		}
		return own[i].Def.Name < own[j].Def.Name
	})
	for _, m := range own {
		b.applyOne(&s, m)
	}
	if len(items) > 0 {
		if s.Type != "array" || s.Items == nil || s.Items.Schema == nil {
			b.errorf(items[0].Pos, items[0].Text, "write the items: marker on a list field, or the marker without items: on the item type",
				"+kubebuilder:validation:items: markers apply to the items of a list, and this is not a list")
			return s
		}
		sort.SliceStable(items, func(i, j int) bool {
			if firstPass[items[i].Def.Name] != firstPass[items[j].Def.Name] {
				return firstPass[items[i].Def.Name]
			}
			return items[i].Def.Name < items[j].Def.Name
		})
		for _, m := range items {
			b.applyOne(s.Items.Schema, m)
		}
	}
	return s
}

func (b *builder) applyOne(s *apiextv1.JSONSchemaProps, m *markers.CGMarker) {
	bad := func(fix, format string, args ...any) {
		b.errorf(m.Pos, m.Text, fix, format, args...)
	}
	// need checks the node's type where it is known: on a field of a
	// named type the field's markers are applied before the type's schema
	// is merged in, as controller-gen does, and checked there.
	need := func(what string, types ...string) bool {
		if s.Type == "" {
			return true
		}
		for _, t := range types {
			if s.Type == t || (t == "string" && s.XIntOrString) {
				return true
			}
		}
		bad("write it on a "+what+" value, or remove it", "+%s applies to a %s value, and this one is of type %s", m.Def.Name, what, s.Type)
		return false
	}
	integral := func(f float64) bool {
		if s.Type == "integer" && f != math.Trunc(f) {
			bad("write an integer", "+%s on an integer must be an integer", m.Def.Name)
			return false
		}
		return true
	}
	switch strings.TrimPrefix(m.Def.Name, "kubebuilder:validation:") {
	case "Minimum":
		if need("numeric", "integer", "number") && integral(m.Float) {
			s.Minimum = ptrTo(m.Float)
		}
	case "Maximum":
		if need("numeric", "integer", "number") && integral(m.Float) {
			s.Maximum = ptrTo(m.Float)
		}
	case "ExclusiveMinimum":
		if need("numeric", "integer", "number") {
			s.ExclusiveMinimum = m.Bool
		}
	case "ExclusiveMaximum":
		if need("numeric", "integer", "number") {
			s.ExclusiveMaximum = m.Bool
		}
	case "MultipleOf":
		if need("numeric", "integer", "number") && integral(m.Float) {
			s.MultipleOf = ptrTo(m.Float)
		}
	case "MinLength":
		if need("string", "string") {
			s.MinLength = ptrTo(m.Int)
		}
	case "MaxLength":
		if need("string", "string") {
			s.MaxLength = ptrTo(m.Int)
		}
	case "Pattern":
		if need("string", "string") {
			if _, err := regexp.Compile(m.Str); err != nil {
				bad("write a regular expression the API server's Go regexp package accepts", "pattern %q does not compile: %v", m.Str, err)
				return
			}
			s.Pattern = m.Str
		}
	case "MinItems":
		if need("list", "array") {
			s.MinItems = ptrTo(m.Int)
		}
	case "MaxItems":
		if need("list", "array") {
			s.MaxItems = ptrTo(m.Int)
		}
	case "UniqueItems":
		if m.Bool {
			bad("use +listType=set: its items are unique, checked in linear time", "the API server rejects uniqueItems: true in a CRD (its check is quadratic)")
			return
		}
	case "MinProperties":
		if need("object", "object") {
			s.MinProperties = ptrTo(m.Int)
		}
	case "MaxProperties":
		if need("object", "object") {
			s.MaxProperties = ptrTo(m.Int)
		}
	case "Enum":
		s.Enum = nil
		for _, v := range m.Any.([]any) {
			s.Enum = append(s.Enum, jsonOf(v))
		}
	case "Format":
		s.Format = m.Str
	case "Type":
		s.Type = m.Str
	case "Nullable", "nullable":
		s.Nullable = m.Bool
	case "XPreserveUnknownFields", "kubebuilder:pruning:PreserveUnknownFields":
		s.XPreserveUnknownFields = ptrTo(m.Bool)
	case "XEmbeddedResource", "EmbeddedResource":
		s.XEmbeddedResource = m.Bool
	case "XIntOrString":
		s.XIntOrString = m.Bool
	case "XValidation":
		r := apiextv1.ValidationRule{Rule: m.Args["rule"], Message: m.Args["message"], MessageExpression: m.Args["messageExpression"], FieldPath: m.Args["fieldPath"]}
		if reason := m.Args["reason"]; reason != "" {
			switch reason {
			case "FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate":
				fr := apiextv1.FieldValueErrorReason(reason)
				r.Reason = &fr
			default:
				bad("use FieldValueInvalid, FieldValueForbidden, FieldValueRequired or FieldValueDuplicate", "reason %s is not one the API server knows", reason)
				return
			}
		}
		switch m.Args["optionalOldSelf"] {
		case "", "false":
		case "true":
			r.OptionalOldSelf = ptrTo(true)
		default:
			bad("write optionalOldSelf=true", "optionalOldSelf must be true or false")
			return
		}
		s.XValidations = append(s.XValidations, r)
		at, key := RuleMarker{m.Pos, m.Text}, RuleKey(r)
		if !slices.Contains(b.rules[key], at) {
			b.rules[key] = append(b.rules[key], at)
		}
		if m.Items {
			b.record("items."+RuleElem(key), m.Pos, false)
		} else {
			b.record(RuleElem(key), m.Pos, false)
		}
	case "AtMostOneOf", "ExactlyOneOf", "AtLeastOneOf":
		s.XValidations = append(s.XValidations, b.oneOfRule(m.Def.Name, m.Strs))
	case "Schemaless", "Required", "Optional", "required", "optional", "k8s:optional", "k8s:enum":
		// read by fieldSchema, structSchema and namedSchema
	case "k8s:required":
		// controller-gen (from v0.23) has a required string, list or
		// object not be empty either, unless a marker already bounds it;
		// a field of a named type of another package is a reference when
		// its markers are applied, and gets minProperties whatever the
		// type turns out to be (fieldSchema: one of the field's own
		// package is known). Before, the field is only required.
		if b.cgMinor < 23 {
			return
		}
		one := ptrTo(int64(1))
		switch s.Type {
		case "string":
			if s.MinLength == nil {
				s.MinLength = one
			}
		case "array":
			if s.MinItems == nil {
				s.MinItems = one
			}
		case "object", "":
			if s.MinProperties == nil && (s.Type == "object" || !s.XIntOrString) {
				s.MinProperties = one
			}
		}
	case "k8s:immutable":
		s.XValidations = append(s.XValidations, apiextv1.ValidationRule{Rule: "self == oldSelf", Message: "field is immutable"})
	case "kubebuilder:default":
		b.recordDefault(m)
		v := m.Any
		if obj, ok := v.(map[string]any); ok && len(obj) == 0 && s.Type == "array" {
			v = []any{}
		}
		d := jsonOf(v)
		s.Default = &d
	case "default":
		// +default=1000 and +default:value=1000 (controller-gen reads the
		// name before the last colon when the whole is no marker).
		b.recordDefault(m)
		raw := m.Raw
		if strings.HasPrefix(raw, "ref(") {
			return
		}
		var v any
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			bad(`write the default as JSON: +default="text", +default=1, +default={"a": 1}`, "+default=%s is not JSON: %v", raw, err)
			return
		}
		if v == nil {
			return
		}
		d := jsonOf(v)
		s.Default = &d
	case "kubebuilder:example":
		e := jsonOf(m.Any)
		s.Example = &e
	case "kubebuilder:title":
		s.Title = fmt.Sprint(m.Any)
	case "kubebuilder:externalDocs":
		s.ExternalDocs = &apiextv1.ExternalDocumentation{URL: m.Args["url"], Description: m.Args["description"]}
	case "listType":
		if need("list", "array") {
			switch m.Str {
			case "atomic", "set", "map":
				s.XListType = ptrTo(m.Str)
			default:
				bad("write +listType=atomic, set or map", "list type %q is not atomic, set or map", m.Str)
			}
		}
	case "listMapKey":
		if need("list", "array") && !slices.Contains(s.XListMapKeys, m.Str) {
			// +listMapKey and +k8s:listMapKey name a key once.
			s.XListMapKeys = append(s.XListMapKeys, m.Str)
		}
	case "mapType", "structType":
		if m.Def.Name == "mapType" && !need("object", "object") {
			return
		}
		switch m.Str {
		case "atomic", "granular":
			s.XMapType = ptrTo(m.Str)
		default:
			bad("write +"+m.Def.Name+"=atomic or granular", "%s %q is not atomic or granular", m.Def.Name, m.Str)
		}
	default:
		bad("report it: the marker is registered but not applied", "+%s is not applied to the schema", m.Def.Name)
	}
}

// jsonOf encodes a marker's value as the schema holds it.
func jsonOf(v any) apiextv1.JSON {
	raw, err := json.Marshal(v)
	if err != nil {
		raw = []byte("null")
	}
	return apiextv1.JSON{Raw: raw}
}

// recordDefault records where a field's default is written, so that the
// API server's complaint about it (crd.Check) names the marker's line and
// is the user's to fix, not the generator's.
func (b *builder) recordDefault(m *markers.CGMarker) {
	if !m.Items {
		b.record("default", m.Pos, false)
	}
}
