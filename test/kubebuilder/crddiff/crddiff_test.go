package crddiff

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"
)

const root = "spec.versions[v1].schema.openAPIV3Schema"

var (
	schemaType = reflect.TypeFor[apiextv1.JSONSchemaProps]()
	jsonType   = reflect.TypeFor[apiextv1.JSON]()
)

// crdWith is a CRD of one version, v1, with schema s.
func crdWith(s *apiextv1.JSONSchemaProps) *apiextv1.CustomResourceDefinition {
	return &apiextv1.CustomResourceDefinition{
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: "example.com",
			Versions: []apiextv1.CustomResourceDefinitionVersion{{
				Name:   "v1",
				Served: true,
				Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: s},
			}},
		},
	}
}

// fill returns a non-zero value of type t, the same on every call.
func fill(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	switch {
	case t == jsonType:
		v.Set(reflect.ValueOf(apiextv1.JSON{Raw: []byte(`{"a":1}`)}))
		return v
	case t == schemaType && depth > 0:
		v.Set(reflect.ValueOf(apiextv1.JSONSchemaProps{Type: "string"}))
		return v
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Pointer:
		v.Set(fill(t.Elem(), depth+1).Addr())
	case reflect.Slice:
		v.Set(reflect.Append(v, fill(t.Elem(), depth+1)))
	case reflect.Map:
		v.Set(reflect.MakeMap(t))
		v.SetMapIndex(reflect.ValueOf("k").Convert(t.Key()), fill(t.Elem(), depth+1))
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				v.Field(i).Set(fill(t.Field(i).Type, depth+1))
			}
		}
	default:
		panic("fill: " + t.String())
	}
	return v
}

// TestEverySchemaKeyword sets each field of JSONSchemaProps in turn and
// requires a difference at the keyword's path, so that a keyword added to
// the type fails here until Compare compares it.
func TestEverySchemaKeyword(t *testing.T) {
	for i := range schemaType.NumField() {
		f := schemaType.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			t.Fatalf("JSONSchemaProps.%s has no JSON name", f.Name)
		}
		t.Run(name, func(t *testing.T) {
			set := func() *apiextv1.CustomResourceDefinition {
				s := new(apiextv1.JSONSchemaProps)
				reflect.ValueOf(s).Elem().Field(i).Set(fill(f.Type, 0))
				return crdWith(s)
			}
			empty := crdWith(new(apiextv1.JSONSchemaProps))
			if d := Compare(set(), set()); len(d) != 0 {
				t.Errorf("equal schemas with %s set: %v", name, d)
			}
			want := root + "." + name
			for _, pair := range [][2]*apiextv1.CustomResourceDefinition{{empty, set()}, {set(), empty}} {
				diffs := Compare(pair[0], pair[1])
				found := false
				for _, d := range diffs {
					if d.Path == want || strings.HasPrefix(d.Path, want+".") || strings.HasPrefix(d.Path, want+"[") {
						found = true
					}
				}
				if !found {
					t.Errorf("JSONSchemaProps.%s set on one side only: want a difference at %s, got %v", f.Name, want, diffs)
				}
			}
		})
	}
}

// mutation changes one field somewhere below a value: apply with leaf
// false builds the containers the field is in (the base), with leaf true
// the same containers with the field set, so that the two differ in that
// field only.
type mutation struct {
	name  string
	apply func(v reflect.Value, leaf bool)
}

// initial sets v to the value a container holds before the mutation (a
// JSON value must be JSON).
func initial(v reflect.Value) {
	if v.Type() == jsonType {
		v.Set(reflect.ValueOf(apiextv1.JSON{Raw: []byte(`"a"`)}))
	}
}

// mutations lists a mutation for every field reachable from t (schemas
// nested up to two deep), and one for the presence of every pointer,
// list and map.
func mutations(t reflect.Type, schemaDepth int) []mutation {
	if t == jsonType {
		return []mutation{{"", func(v reflect.Value, leaf bool) {
			raw := `"a"`
			if leaf {
				raw = `"b"`
			}
			v.Set(reflect.ValueOf(apiextv1.JSON{Raw: []byte(raw)}))
		}}}
	}
	scalar := func(set func(v reflect.Value)) []mutation {
		return []mutation{{"", func(v reflect.Value, leaf bool) {
			if leaf {
				set(v)
			}
		}}}
	}
	switch t.Kind() {
	case reflect.String:
		return scalar(func(v reflect.Value) { v.SetString("x") })
	case reflect.Bool:
		return scalar(func(v reflect.Value) { v.SetBool(true) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return scalar(func(v reflect.Value) { v.SetInt(1) })
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return scalar(func(v reflect.Value) { v.SetUint(1) })
	case reflect.Float32, reflect.Float64:
		return scalar(func(v reflect.Value) { v.SetFloat(1.5) })
	case reflect.Pointer:
		elem := t.Elem()
		ms := []mutation{{" (present)", func(v reflect.Value, leaf bool) {
			if leaf {
				v.Set(reflect.New(elem))
				initial(v.Elem())
			}
		}}}
		for _, m := range mutations(elem, schemaDepth) {
			ms = append(ms, mutation{m.name, func(v reflect.Value, leaf bool) {
				v.Set(reflect.New(elem))
				initial(v.Elem())
				m.apply(v.Elem(), leaf)
			}})
		}
		return ms
	case reflect.Slice:
		ms := []mutation{{" (one item)", func(v reflect.Value, leaf bool) {
			if leaf {
				v.Set(reflect.MakeSlice(t, 1, 1))
				initial(v.Index(0))
			}
		}}}
		for _, m := range mutations(t.Elem(), schemaDepth) {
			ms = append(ms, mutation{"[0]" + m.name, func(v reflect.Value, leaf bool) {
				v.Set(reflect.MakeSlice(t, 1, 1))
				initial(v.Index(0))
				m.apply(v.Index(0), leaf)
			}})
		}
		return ms
	case reflect.Map:
		k := reflect.ValueOf("k").Convert(t.Key())
		ms := []mutation{{" (one key)", func(v reflect.Value, leaf bool) {
			if leaf {
				e := reflect.New(t.Elem()).Elem()
				initial(e)
				v.Set(reflect.MakeMap(t))
				v.SetMapIndex(k, e)
			}
		}}}
		for _, m := range mutations(t.Elem(), schemaDepth) {
			ms = append(ms, mutation{"[k]" + m.name, func(v reflect.Value, leaf bool) {
				e := reflect.New(t.Elem()).Elem()
				initial(e)
				m.apply(e, leaf)
				v.Set(reflect.MakeMap(t))
				v.SetMapIndex(k, e)
			}})
		}
		return ms
	case reflect.Struct:
		if t == schemaType {
			if schemaDepth++; schemaDepth > 2 {
				return nil
			}
		}
		var ms []mutation
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			for _, m := range mutations(f.Type, schemaDepth) {
				ms = append(ms, mutation{"." + f.Name + m.name, func(v reflect.Value, leaf bool) {
					m.apply(v.Field(i), leaf)
				}})
			}
		}
		return ms
	}
	panic("mutations: " + t.String())
}

// TestEveryField changes every field of a CRD's spec, in turn, down to the
// keywords of schemas nested two deep, and requires Compare to report a
// difference each time, and none between two copies.
func TestEveryField(t *testing.T) {
	ms := mutations(reflect.TypeFor[apiextv1.CustomResourceDefinitionSpec](), 0)
	build := func(m mutation, leaf bool) *apiextv1.CustomResourceDefinition {
		crd := new(apiextv1.CustomResourceDefinition)
		m.apply(reflect.ValueOf(&crd.Spec).Elem(), leaf)
		return crd
	}
	for _, m := range ms {
		base, changed := build(m, false), build(m, true)
		if d := Compare(base, build(m, false)); len(d) != 0 {
			t.Errorf("Spec%s: two bases differ: %v", m.name, d)
		}
		if d := Compare(changed, build(m, true)); len(d) != 0 {
			t.Errorf("Spec%s: two changed copies differ: %v", m.name, d)
		}
		if len(Compare(base, changed)) == 0 || len(Compare(changed, base)) == 0 {
			t.Errorf("Spec%s: the change is not reported", m.name)
		}
	}
	if len(ms) < 1000 {
		t.Errorf("only %d mutations", len(ms))
	}
	t.Logf("%d mutations", len(ms))
}

func TestMetadata(t *testing.T) {
	a := crdWith(nil)
	a.Name = "foos.example.com"
	a.Labels = map[string]string{"app": "x"}
	a.Annotations = map[string]string{VersionAnnotation: "v0.16.2", "note": "n"}
	b := a.DeepCopy()
	b.Annotations[VersionAnnotation] = "v0.17.0"
	if d := Compare(a, b); len(d) != 0 {
		t.Errorf("the controller-gen version annotation is compared: %v", d)
	}
	delete(b.Annotations, VersionAnnotation)
	if d := Compare(a, b); len(d) != 0 {
		t.Errorf("the controller-gen version annotation is compared: %v", d)
	}
	b.Annotations["note"] = "m"
	b.Labels["app"] = "y"
	b.Labels["other"] = "z"
	b.Name = "bars.example.com"
	got := strings.Join(diffStrings(Compare(a, b)), "\n")
	want := strings.Join([]string{
		`metadata.annotations[note]: want "n", got "m"`,
		`metadata.labels[app]: want "x", got "y"`,
		`metadata.labels[other]: want <absent>, got "z"`,
		`metadata.name: want "foos.example.com", got "bars.example.com"`,
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func diffStrings(ds []Difference) []string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.String()
	}
	return s
}

func TestSemantics(t *testing.T) {
	schema := func(mod func(s *apiextv1.JSONSchemaProps)) *apiextv1.CustomResourceDefinition {
		s := &apiextv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextv1.JSONSchemaProps{
				"spec": {
					Type:     "object",
					Required: []string{"a", "b"},
					Properties: map[string]apiextv1.JSONSchemaProps{
						"replicas": {Type: "integer", Minimum: ptr.To(0.0), Default: &apiextv1.JSON{Raw: []byte(`1`)}},
						"mode":     {Type: "string", Enum: []apiextv1.JSON{{Raw: []byte(`"A"`)}, {Raw: []byte(`"B"`)}}},
						"tmpl":     {Type: "object", Default: &apiextv1.JSON{Raw: []byte(`{"x":1,"y":[1,2]}`)}},
						"a":        {Type: "string"},
						"b":        {Type: "string"},
					},
				},
			},
		}
		if mod != nil {
			mod(s)
		}
		return crdWith(s)
	}
	spec := func(s *apiextv1.JSONSchemaProps) *apiextv1.JSONSchemaProps {
		p := s.Properties["spec"]
		return &p
	}
	setSpec := func(s *apiextv1.JSONSchemaProps, f func(p *apiextv1.JSONSchemaProps)) {
		p := spec(s)
		f(p)
		s.Properties["spec"] = *p
	}
	setProp := func(s *apiextv1.JSONSchemaProps, name string, f func(p *apiextv1.JSONSchemaProps)) {
		setSpec(s, func(sp *apiextv1.JSONSchemaProps) {
			props := map[string]apiextv1.JSONSchemaProps{}
			for k, v := range sp.Properties {
				props[k] = v
			}
			p := props[name]
			f(&p)
			props[name] = p
			sp.Properties = props
		})
	}
	const spath = root + ".properties.spec"
	for _, tc := range []struct {
		name string
		mod  func(s *apiextv1.JSONSchemaProps)
		want []string // empty: equal
	}{
		{"same", nil, nil},
		{"required in another order", func(s *apiextv1.JSONSchemaProps) {
			setSpec(s, func(p *apiextv1.JSONSchemaProps) { p.Required = []string{"b", "a", "a"} })
		}, nil},
		{"required differs", func(s *apiextv1.JSONSchemaProps) {
			setSpec(s, func(p *apiextv1.JSONSchemaProps) { p.Required = []string{"a"} })
		}, []string{spath + `.required: want ["a", "b"], got ["a"]`}},
		{"default with other spelling", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "tmpl", func(p *apiextv1.JSONSchemaProps) {
				p.Default = &apiextv1.JSON{Raw: []byte(`{ "y": [1.0, 2e0], "x": 1 }`)}
			})
			setProp(s, "replicas", func(p *apiextv1.JSONSchemaProps) { p.Default = &apiextv1.JSON{Raw: []byte(`1.0`)} })
		}, nil},
		{"default differs", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "tmpl", func(p *apiextv1.JSONSchemaProps) { p.Default = &apiextv1.JSON{Raw: []byte(`{"x":1,"y":[2,1]}`)} })
		}, []string{spath + `.properties.tmpl.default: want {"x":1,"y":[1,2]}, got {"x":1,"y":[2,1]}`}},
		{"enum order", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "mode", func(p *apiextv1.JSONSchemaProps) {
				p.Enum = []apiextv1.JSON{{Raw: []byte(`"B"`)}, {Raw: []byte(`"A"`)}}
			})
		}, []string{spath + `.properties.mode.enum: want ["A", "B"], got ["B", "A"]`}},
		{"minimum", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "replicas", func(p *apiextv1.JSONSchemaProps) { p.Minimum = ptr.To(1.0) })
		}, []string{spath + `.properties.replicas.minimum: want 0, got 1`}},
		{"minimum absent", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "replicas", func(p *apiextv1.JSONSchemaProps) { p.Minimum = nil })
		}, []string{spath + `.properties.replicas.minimum: want 0, got <absent>`}},
		{"missing property is one difference", func(s *apiextv1.JSONSchemaProps) {
			setSpec(s, func(p *apiextv1.JSONSchemaProps) {
				props := map[string]apiextv1.JSONSchemaProps{}
				for k, v := range p.Properties {
					if k != "replicas" {
						props[k] = v
					}
				}
				props["extra"] = apiextv1.JSONSchemaProps{Type: "string", MaxLength: ptr.To[int64](3)}
				p.Properties = props
			})
		}, []string{
			spath + `.properties.extra: want <absent>, got present (type string)`,
			spath + `.properties.replicas: want present (type integer), got <absent>`,
		}},
		{"description", func(s *apiextv1.JSONSchemaProps) {
			setProp(s, "a", func(p *apiextv1.JSONSchemaProps) { p.Description = "A thing." })
		}, []string{spath + `.properties.a.description: want "", got "A thing."`}},
		{"validations", func(s *apiextv1.JSONSchemaProps) {
			setSpec(s, func(p *apiextv1.JSONSchemaProps) {
				p.XValidations = apiextv1.ValidationRules{{Rule: "self.a != self.b", Reason: ptr.To(apiextv1.FieldValueForbidden)}}
			})
		}, []string{spath + `.x-kubernetes-validations: want <absent>, got 1 rules ["self.a != self.b"]`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := diffStrings(Compare(schema(nil), schema(tc.mod)))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestVersionsAndColumns(t *testing.T) {
	crd := func() *apiextv1.CustomResourceDefinition {
		return &apiextv1.CustomResourceDefinition{Spec: apiextv1.CustomResourceDefinitionSpec{
			Names: apiextv1.CustomResourceDefinitionNames{ShortNames: []string{"f", "fo"}},
			Versions: []apiextv1.CustomResourceDefinitionVersion{
				{Name: "v1", Served: true, Storage: true,
					Subresources: &apiextv1.CustomResourceSubresources{
						Status: &apiextv1.CustomResourceSubresourceStatus{},
						Scale:  &apiextv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"},
					},
					AdditionalPrinterColumns: []apiextv1.CustomResourceColumnDefinition{
						{Name: "Ready", Type: "string", JSONPath: ".status.ready"},
						{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"},
					},
				},
				{Name: "v1beta1", Served: true, Deprecated: true},
			},
		}}
	}
	a, b := crd(), crd()
	b.Spec.Names.ShortNames = []string{"fo", "f"}
	b.Spec.Versions[0], b.Spec.Versions[1] = b.Spec.Versions[1], b.Spec.Versions[0]
	if d := Compare(a, b); len(d) != 0 {
		t.Errorf("versions and short names in another order: %v", d)
	}
	v1 := &b.Spec.Versions[1]
	v1.AdditionalPrinterColumns[0], v1.AdditionalPrinterColumns[1] = v1.AdditionalPrinterColumns[1], v1.AdditionalPrinterColumns[0]
	v1.AdditionalPrinterColumns[0].Priority = 1
	v1.Subresources.Status = nil
	v1.Subresources.Scale.LabelSelectorPath = ptr.To(".status.selector")
	b.Spec.Versions[0].DeprecationWarning = ptr.To("old")
	b.Spec.Versions = append(b.Spec.Versions, apiextv1.CustomResourceDefinitionVersion{Name: "v2"})
	got := strings.Join(diffStrings(Compare(a, b)), "\n")
	want := strings.Join([]string{
		`spec.versions[v1].additionalPrinterColumns: want ["Ready", "Age"], got ["Age", "Ready"]`,
		`spec.versions[v1].additionalPrinterColumns[Age].priority: want 0, got 1`,
		`spec.versions[v1].subresources.scale.labelSelectorPath: want <absent>, got ".status.selector"`,
		`spec.versions[v1].subresources.status: want {}, got <absent>`,
		`spec.versions[v1beta1].deprecationWarning: want <absent>, got "old"`,
		`spec.versions[v2]: want <absent>, got present`,
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRoundTrip writes a CRD with every kind of keyword as YAML, loads it
// back and compares it with the original.
func TestRoundTrip(t *testing.T) {
	s := fill(schemaType, 0).Interface().(apiextv1.JSONSchemaProps)
	// JSONSchemaPropsOrArray is written as one or the other.
	s.Items.JSONSchemas = nil
	s.AdditionalProperties.Allows = true
	s.AdditionalItems.Allows = true
	s.Dependencies["k"] = apiextv1.JSONSchemaPropsOrStringArray{Property: []string{"x"}}
	crd := crdWith(&s)
	crd.APIVersion = "apiextensions.k8s.io/v1"
	crd.Kind = "CustomResourceDefinition"
	crd.Name = "foos.example.com"
	b, err := yaml.Marshal(crd)
	if err != nil {
		t.Fatal(err)
	}
	other := crd.DeepCopy()
	other.Name = "bars.example.com"
	o, err := yaml.Marshal(other)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "crds.yaml")
	content := "---\n" + string(b) + "---\n\n--- # nothing\n# a comment\n---\n" + string(o)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	crds, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 2 {
		t.Fatalf("Load: %d CRDs, want 2", len(crds))
	}
	if d := Compare(crd, crds[0]); len(d) != 0 {
		t.Errorf("after a round trip through YAML: %v", d)
	}
	if d := Compare(other, crds[1]); len(d) != 0 {
		t.Errorf("after a round trip through YAML: %v", d)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"kind":    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n",
		"unknown": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  grop: x\n",
		"yaml":    "kind: [\n",
	} {
		path := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil {
			t.Errorf("%s: Load succeeded", name)
		}
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml")); err == nil {
		t.Error("Load of a missing file succeeded")
	}
}

func TestLongValues(t *testing.T) {
	long := strings.Repeat("word ", 40)
	d := Difference{Path: "p", Want: `"` + long + `a"`, Got: `"` + long + `b"`}
	want := `p: want …word word word word word word word word a", got …word word word word word word word word b" (203 and 203 bytes, first different at 201)`
	if got := d.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
