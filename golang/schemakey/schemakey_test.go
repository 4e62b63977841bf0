package schemakey

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// jsonOf is the keys' specification: the schema's JSON, without
// documentation and CEL rules for Checks.
func jsonOf(t *testing.T, s *apiextv1.JSONSchemaProps, checks bool) string {
	c := s.DeepCopy()
	if checks {
		eachNode(c, func(n *apiextv1.JSONSchemaProps) {
			n.Description, n.Title, n.Example, n.ExternalDocs, n.XValidations = "", "", nil, nil, nil
		})
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestKeysFollowEveryField changes each field of a schema in turn, at the
// top and below it: Of changes for every field, Checks exactly for the
// fields the checks read.
func TestKeysFollowEveryField(t *testing.T) {
	base := func() *apiextv1.JSONSchemaProps {
		return &apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{
			"a": {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string"}}},
		}}
	}
	at := map[string]func(*apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps{
		"top":  func(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps { return s },
		"item": func(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps { return s.Properties["a"].Items.Schema },
	}
	want, wantChecks := Of(base()), Checks(base())
	for where, node := range at {
		for i := range schemaType.NumField() {
			f := schemaType.Field(i)
			s := base()
			n := node(s)
			v := reflect.ValueOf(n).Elem().Field(i)
			if v.IsZero() {
				v.Set(nonZero(t, f.Type))
			} else {
				v.Set(reflect.Zero(f.Type))
			}
			if Of(s) == want {
				t.Errorf("%s: changing %s leaves Of the same", where, f.Name)
			}
			changed := Checks(s) != wantChecks
			if changed == notChecked[i] {
				t.Errorf("%s: changing %s: Checks changed %v, want %v", where, f.Name, changed, !notChecked[i])
			}
		}
	}
}

// nonZero is a value of type t other than its zero value.
func nonZero(t *testing.T, typ reflect.Type) reflect.Value {
	switch typ.Kind() {
	case reflect.String:
		return reflect.ValueOf("x").Convert(typ)
	case reflect.Bool:
		return reflect.ValueOf(true).Convert(typ)
	case reflect.Int64, reflect.Int, reflect.Int32:
		return reflect.ValueOf(int64(1)).Convert(typ)
	case reflect.Float64:
		return reflect.ValueOf(1.5).Convert(typ)
	case reflect.Pointer:
		p := reflect.New(typ.Elem())
		p.Elem().Set(nonZero(t, typ.Elem()))
		return p
	case reflect.Slice:
		s := reflect.MakeSlice(typ, 1, 1)
		s.Index(0).Set(nonZero(t, typ.Elem()))
		return s
	case reflect.Map:
		m := reflect.MakeMap(typ)
		m.SetMapIndex(reflect.ValueOf("k").Convert(typ.Key()), nonZero(t, typ.Elem()))
		return m
	case reflect.Struct:
		v := reflect.New(typ).Elem()
		for i := range typ.NumField() {
			if typ.Field(i).IsExported() {
				v.Field(i).Set(nonZero(t, typ.Field(i).Type))
				return v
			}
		}
	case reflect.Uint8:
		return reflect.ValueOf(uint8(1))
	}
	t.Fatalf("no non-zero value of %s", typ)
	return reflect.Value{}
}

// TestKeysAgreeWithJSON: on every schema node of the committed CRDs, two
// nodes have the same key exactly when their JSON (stripped for Checks)
// is the same.
func TestKeysAgreeWithJSON(t *testing.T) {
	for _, checks := range []bool{false, true} {
		key := Of
		if checks {
			key = Checks
		}
		keysAgreeWithJSON(t, key, func(s *apiextv1.JSONSchemaProps) string { return jsonOf(t, s, checks) })
	}
}

func keysAgreeWithJSON(t *testing.T, key, jsonOf func(*apiextv1.JSONSchemaProps) string) {
	byKey, byJSON := map[string]string{}, map[string]string{}
	nodes := 0
	crds := committedCRDs(t)
	for _, f := range slices.Sorted(maps.Keys(crds)) {
		crd := crds[f]
		for _, v := range crd.Spec.Versions {
			eachNode(v.Schema.OpenAPIV3Schema, func(n *apiextv1.JSONSchemaProps) {
				nodes++
				k, j := key(n), jsonOf(n)
				if prev, ok := byKey[k]; ok && prev != j {
					t.Errorf("%s: one key for two schemas:\n%s\n%s", f, prev, j)
				}
				if prev, ok := byJSON[j]; ok && prev != k {
					t.Errorf("%s: two keys for one schema: %s", f, j)
				}
				byKey[k], byJSON[j] = j, k
			})
		}
	}
	if len(byKey) < 100 {
		t.Errorf("only %d distinct schemas in %d nodes: the test sees too little", len(byKey), nodes)
	}
}

// eachNode calls fn on s and every schema below it.
func eachNode(s *apiextv1.JSONSchemaProps, fn func(*apiextv1.JSONSchemaProps)) {
	fn(s)
	for n, p := range s.Properties {
		eachNode(&p, fn)
		s.Properties[n] = p
	}
	if s.Items != nil && s.Items.Schema != nil {
		eachNode(s.Items.Schema, fn)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		eachNode(s.AdditionalProperties.Schema, fn)
	}
	for _, l := range [][]apiextv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range l {
			eachNode(&l[i], fn)
		}
	}
}

// BenchmarkKeys keys every schema node of the committed CRDs, as the
// emitters key each struct node they meet.
func BenchmarkKeys(b *testing.B) {
	var nodes []*apiextv1.JSONSchemaProps
	for _, crd := range committedCRDs(b) {
		for _, v := range crd.Spec.Versions {
			eachNode(v.Schema.OpenAPIV3Schema, func(n *apiextv1.JSONSchemaProps) {
				nodes = append(nodes, n.DeepCopy())
			})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range nodes {
			Of(n)
			Checks(n)
		}
	}
}

// committedCRDs are the CRDs of config/crd, by file.
func committedCRDs(tb testing.TB) map[string]apiextv1.CustomResourceDefinition {
	files, err := filepath.Glob("../../config/crd/*.yaml")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no CRDs: %v", err)
	}
	crds := map[string]apiextv1.CustomResourceDefinition{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(b, &crd); err != nil {
			tb.Fatal(err)
		}
		crds[f] = crd
	}
	return crds
}
