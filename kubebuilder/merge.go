package kubebuilder

import (
	"go/token"
	"reflect"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// merge combines the schema of a field's named type with what the field
// says itself (its doc and markers), as controller-gen's flattening does:
// the field's description, title, example and externalDocs win; the
// type's type stays; a field's preserve-unknown-fields and map type
// override the type's; CEL rules are the field's then the type's;
// booleans hold if either side sets them; required lists and properties
// are united. A keyword both sides set to different values (two enums, two
// minimums) is kept from both, as allOf: [type's, field's], so that the
// value must satisfy both.
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
	out.XValidations = append(slices.Clone(fieldSide.XValidations), typeSide.XValidations...)
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
	// The other keywords: copied from the side that sets them; kept
	// once when both set them alike; else both, under allOf.
	var typeOnly, fieldOnly apiextv1.JSONSchemaProps
	hoisted := false
	ov, fv := reflect.ValueOf(&out).Elem(), reflect.ValueOf(fieldSide)
	tv, fo := reflect.ValueOf(&typeOnly).Elem(), reflect.ValueOf(&fieldOnly).Elem()
	for _, name := range otherKeywords {
		o, f := ov.FieldByName(name), fv.FieldByName(name)
		switch {
		case f.IsZero():
		case o.IsZero():
			o.Set(f)
		case sameValue(o, f):
		default:
			tv.FieldByName(name).Set(o)
			fo.FieldByName(name).Set(f)
			o.SetZero()
			hoisted = true
		}
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
	"MaxItems", "MinItems", "MultipleOf", "Enum", "MaxProperties", "MinProperties", "XListType", "XListMapKeys"}

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
