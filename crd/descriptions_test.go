package crd

import (
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Descriptions are cut as controller-gen's crd:maxDescLen cuts them
// (TestControllerGenOracle in test/kubebuilder compares whole CRDs with
// controller-gen's at several lengths).
func TestTruncateDescription(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"Name of the thing. More words follow here.", 0, ""},
		{"Name of the thing. More words follow here.", 100, "Name of the thing. More words follow here."},
		{"Name of the thing. More words follow here.", 42, "Name of the thing. More words follow here."},
		{"Name of the thing. More words follow here.", 30, "Name of the thing."},
		{"Name of the thing. More words follow here.", 18, "Name of the thing."},
		{"Name of the thing. More words follow here.", 17, "Name of the..."},
		{"Name of the thing", 7, "Name..."},
		{"Supercalifragilistic", 5, "Super..."},
		{"Is it? Yes", 8, "Is it?"},
		{"Line one\nline two", 12, "Line one..."},
		{" x y", 2, " x..."},
	}
	for _, c := range cases {
		if got := truncateDescription(c.in, c.max); got != c.want {
			t.Errorf("truncateDescription(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// Every subschema's description is cut, and -1 leaves them whole.
func TestTruncateDescriptions(t *testing.T) {
	long := "A long description. It goes on."
	schema := func() *apiextv1.JSONSchemaProps {
		leaf := apiextv1.JSONSchemaProps{Description: long}
		return &apiextv1.JSONSchemaProps{
			Description:          long,
			Properties:           map[string]apiextv1.JSONSchemaProps{"a": leaf},
			Items:                &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Description: long}},
			AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Description: long}},
			AllOf:                []apiextv1.JSONSchemaProps{leaf},
			AnyOf:                []apiextv1.JSONSchemaProps{leaf},
		}
	}
	all := func(s *apiextv1.JSONSchemaProps) []string {
		return []string{s.Description, s.Properties["a"].Description, s.Items.Schema.Description,
			s.AdditionalProperties.Schema.Description, s.AllOf[0].Description, s.AnyOf[0].Description}
	}
	for _, c := range []struct {
		max  int
		want string
	}{{-1, long}, {0, ""}, {25, "A long description."}} {
		s := schema()
		truncateDescriptions(s, c.max)
		for i, d := range all(s) {
			if d != c.want {
				t.Errorf("max %d: description %d is %q, want %q", c.max, i, d, c.want)
			}
		}
	}
}
