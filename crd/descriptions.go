package crd

import (
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// truncateDescriptions cuts every description of a schema, its own and
// its subschemas', to at most max bytes, as controller-gen's
// crd:maxDescLen does: 0 drops them; a longer one ends at the last
// sentence end within max bytes, else at the last space before it with
// "...", else after max bytes with "...". A negative max keeps them
// whole. Projects use it to keep a CRD under the 256 KiB a
// kubectl apply annotation holds.
func truncateDescriptions(s *apiextv1.JSONSchemaProps, max int) {
	if s == nil || max < 0 {
		return
	}
	s.Description = truncateDescription(s.Description, max)
	if s.Items != nil {
		truncateDescriptions(s.Items.Schema, max)
		for i := range s.Items.JSONSchemas {
			truncateDescriptions(&s.Items.JSONSchemas[i], max)
		}
	}
	for _, list := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range list {
			truncateDescriptions(&list[i], max)
		}
	}
	truncateDescriptions(s.Not, max)
	for _, m := range []map[string]apiextv1.JSONSchemaProps{s.Properties, s.PatternProperties, s.Definitions} {
		for k, p := range m {
			truncateDescriptions(&p, max)
			m[k] = p
		}
	}
	if s.AdditionalProperties != nil {
		truncateDescriptions(s.AdditionalProperties.Schema, max)
	}
	if s.AdditionalItems != nil {
		truncateDescriptions(s.AdditionalItems.Schema, max)
	}
	for k, d := range s.Dependencies {
		truncateDescriptions(d.Schema, max)
		s.Dependencies[k] = d
	}
}

func truncateDescription(d string, max int) string {
	if max == 0 {
		return ""
	}
	if len(d) <= max {
		return d
	}
	cut := d[:max]
	if i := strings.LastIndexFunc(cut, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); i > 0 {
		return cut[:i+1]
	}
	if i := strings.LastIndexFunc(cut, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); i > 0 {
		return cut[:i] + "..."
	}
	return cut + "..."
}
