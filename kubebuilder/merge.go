package kubebuilder

import (
	"bytes"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/declval/validation-gen/markers"
)

// merge combines the schema of a field's named type with what the field
// says itself (its doc and markers), as controller-gen's flattening does:
// the field's description, title, example and externalDocs win; the
// type's type stays; a field's preserve-unknown-fields and map type
// override the type's; CEL rules are the field's then the type's;
// booleans hold if either side sets them; required lists and properties
// are united. A keyword both sides set to different values (two minimums)
// is kept from both, as allOf: [type's, field's], so that the value must
// satisfy both; but for an enum, where the type's is kept and the field's
// dropped, as controller-gen does since v0.21 (a warning when they
// differ; before v0.21, as the others).
func (b *builder) merge(typeSide, fieldSide apiextv1.JSONSchemaProps, pos token.Position) apiextv1.JSONSchemaProps {
	out := typeSide
	if fieldSide.Description != "" {
		out.Description = fieldSide.Description
	}
	if fieldSide.Title != "" {
		out.Title = fieldSide.Title
	}
	if fieldSide.Example != nil {
		out.Example = fieldSide.Example
	}
	if fieldSide.ExternalDocs != nil {
		out.ExternalDocs = fieldSide.ExternalDocs
	}
	if fieldSide.Type != "" && out.Type != "" && fieldSide.Type != out.Type {
		b.errorf(pos, "", "remove +kubebuilder:validation:Type from the field, or change the field's type",
			"the field's type %s conflicts with its Go type's %s", fieldSide.Type, out.Type)
	} else if out.Type == "" {
		out.Type = fieldSide.Type
	}
	if fieldSide.XPreserveUnknownFields != nil {
		out.XPreserveUnknownFields = fieldSide.XPreserveUnknownFields
	}
	if fieldSide.XMapType != nil {
		out.XMapType = fieldSide.XMapType
	}
	// Before v0.16 both sides' rules were kept under allOf, as any other
	// keyword both set (controller-tools #998).
	rulesUnderAllOf := b.cgMinor < 16 && len(typeSide.XValidations) > 0 && len(fieldSide.XValidations) > 0
	if rulesUnderAllOf {
		out.XValidations = nil
	} else {
		out.XValidations = append(slices.Clone(fieldSide.XValidations), typeSide.XValidations...)
	}
	out.Nullable = out.Nullable || fieldSide.Nullable
	out.UniqueItems = out.UniqueItems || fieldSide.UniqueItems
	out.ExclusiveMinimum = out.ExclusiveMinimum || fieldSide.ExclusiveMinimum
	out.ExclusiveMaximum = out.ExclusiveMaximum || fieldSide.ExclusiveMaximum
	out.XEmbeddedResource = out.XEmbeddedResource || fieldSide.XEmbeddedResource
	out.XIntOrString = out.XIntOrString || fieldSide.XIntOrString
	if len(fieldSide.Required) > 0 {
		out.Required = append(slices.Clone(out.Required), fieldSide.Required...)
		slices.Sort(out.Required)
		out.Required = slices.Compact(out.Required)
	}
	if len(fieldSide.Properties) > 0 {
		props := map[string]apiextv1.JSONSchemaProps{}
		for n, p := range out.Properties {
			props[n] = p
		}
		for n, p := range fieldSide.Properties {
			if prev, ok := props[n]; ok {
				p = b.merge(prev, p, pos)
			}
			props[n] = p
		}
		out.Properties = props
	}
	keywords := otherKeywords
	if b.cgMinor < 21 {
		// Before v0.21, an enum merged as any other keyword.
		keywords = append(slices.Clone(keywords), "Enum")
	} else if len(out.Enum) > 0 && len(fieldSide.Enum) > 0 && !sameEnum(out.Enum, fieldSide.Enum) {
		b.errs = append(b.errs, &markers.Warning{Kind: markers.Contradiction, Pos: pos, Tag: "kubebuilder:validation:Enum",
			Msg:  fmt.Sprintf("the enum here (%s) is not its type's (%s)", enumText(fieldSide.Enum), enumText(out.Enum)),
			Does: "keeps the type's enum and drops this one without a word (since v0.21; so does validation-gen)",
			Fix:  "delete this enum, or give its values a type without another enum (type X string with this marker) and use that type here"})
	} else if len(out.Enum) == 0 {
		out.Enum = fieldSide.Enum
	}
	// The other keywords: copied from the side that sets them; kept
	// once when both set them alike; else both, under allOf.
	var typeOnly, fieldOnly apiextv1.JSONSchemaProps
	hoisted := false
	ov, fv := reflect.ValueOf(&out).Elem(), reflect.ValueOf(fieldSide)
	tv, fo := reflect.ValueOf(&typeOnly).Elem(), reflect.ValueOf(&fieldOnly).Elem()
	for _, name := range keywords {
		o, f := ov.FieldByName(name), fv.FieldByName(name)
		switch {
		case f.IsZero():
		case o.IsZero():
			o.Set(f)
		case sameValue(o, f):
		case b.cgMinor >= 22 && (name == "MinProperties" || name == "MaxProperties") && o.Elem().Int() == f.Elem().Int():
			// controller-gen tells values apart by their pointers, but
			// since v0.22 two minProperties or maxProperties alike by
			// value are kept once.
		default:
			tv.FieldByName(name).Set(o)
			fo.FieldByName(name).Set(f)
			o.SetZero()
			hoisted = true
		}
	}
	if rulesUnderAllOf {
		typeOnly.XValidations, fieldOnly.XValidations = typeSide.XValidations, fieldSide.XValidations
		hoisted = true
	}
	if hoisted {
		out.AllOf = append(out.AllOf, typeOnly, fieldOnly)
	}
	if fieldSide.Items != nil && out.Items == nil {
		out.Items = fieldSide.Items
	}
	if fieldSide.AdditionalProperties != nil && out.AdditionalProperties == nil {
		out.AdditionalProperties = fieldSide.AdditionalProperties
	}
	out.AnyOf = append(out.AnyOf, fieldSide.AnyOf...)
	return out
}

// otherKeywords are the keywords merge copies, keeps once, or keeps from
// both sides.
var otherKeywords = []string{"Format", "Default", "Maximum", "Minimum", "MaxLength", "MinLength", "Pattern",
	"MaxItems", "MinItems", "MultipleOf", "MaxProperties", "MinProperties", "XListType", "XListMapKeys"}

// sameValue compares two keyword values as controller-gen's merge does:
// strings by value; pointers, lists and JSON by identity, so that two
// minimums written in two places become allOf rather than one, while a
// value both sides share, because both came from one type's schema (a
// property a struct declares and an inlined struct declares again, of one
// type), is kept once.
func sameValue(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer:
		return a.Pointer() == b.Pointer()
	case reflect.Slice:
		return a.Len() == b.Len() && a.Pointer() == b.Pointer()
	}
	return false
}

// sameEnum reports whether two enums list the same values in the same
// order.
func sameEnum(a, b []apiextv1.JSON) bool {
	return slices.EqualFunc(a, b, func(x, y apiextv1.JSON) bool { return bytes.Equal(x.Raw, y.Raw) })
}

// enumText is an enum as a marker writes it: a;b;c.
func enumText(e []apiextv1.JSON) string {
	vals := make([]string, len(e))
	for i, v := range e {
		vals[i] = strings.Trim(string(v.Raw), `"`)
	}
	return strings.Join(vals, ";")
}
