package kubebuilder

import (
	"iter"
	"maps"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// EachNode calls fn on a schema and on every schema below it (properties,
// items, additional properties and items, allOf, oneOf, anyOf, not,
// pattern properties, definitions, dependencies), parents first, so that
// fn may change any of them.
func EachNode(s *apiextv1.JSONSchemaProps, fn func(*apiextv1.JSONSchemaProps)) {
	if s == nil {
		return
	}
	fn(s)
	if s.Items != nil {
		EachNode(s.Items.Schema, fn)
		for i := range s.Items.JSONSchemas {
			EachNode(&s.Items.JSONSchemas[i], fn)
		}
	}
	for _, list := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range list {
			EachNode(&list[i], fn)
		}
	}
	EachNode(s.Not, fn)
	for _, m := range []map[string]apiextv1.JSONSchemaProps{s.Properties, s.PatternProperties, s.Definitions} {
		for k, p := range m {
			EachNode(&p, fn)
			m[k] = p
		}
	}
	if s.AdditionalProperties != nil {
		EachNode(s.AdditionalProperties.Schema, fn)
	}
	if s.AdditionalItems != nil {
		EachNode(s.AdditionalItems.Schema, fn)
	}
	for k, d := range s.Dependencies {
		EachNode(d.Schema, fn)
		s.Dependencies[k] = d
	}
}

// Nodes are the schema nodes of a kind's schema that hold values (the
// schema itself, then below it properties by name, items and additional
// properties), each with its path as Kind.Positions names it
// (properties[spec].properties[x]; "" for s). A property's node is a copy.
func Nodes(s *apiextv1.JSONSchemaProps) iter.Seq2[string, *apiextv1.JSONSchemaProps] {
	return func(yield func(string, *apiextv1.JSONSchemaProps) bool) {
		nodes(s, "", yield)
	}
}

func nodes(s *apiextv1.JSONSchemaProps, path string, yield func(string, *apiextv1.JSONSchemaProps) bool) bool {
	if s == nil {
		return true
	}
	if !yield(path, s) {
		return false
	}
	join := func(elem string) string {
		if path == "" {
			return elem
		}
		return path + "." + elem
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		p := s.Properties[name]
		if !nodes(&p, join("properties["+name+"]"), yield) {
			return false
		}
	}
	if s.Items != nil && !nodes(s.Items.Schema, join("items"), yield) {
		return false
	}
	if s.AdditionalProperties != nil {
		return nodes(s.AdditionalProperties.Schema, join("additionalProperties"), yield)
	}
	return true
}
