package crd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	cgalloc "github.com/declval/validation-gen/examples/apis/cgalloc/v1"
	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/test/crdpipeline"
)

// A map whose keys write themselves as text (controller-gen accepts them
// since v0.22): the Go validator reports the errors of its values at the
// paths the API server reports them, the key being the JSON object's
// (MarshalText), on the committed CRD (config/crd), on create and on an
// update that changed one value.
func TestTextKeyedMapAsTheServer(t *testing.T) {
	p := committedPipeline(t, "cgalloc.example.com_structmaps.yaml")
	old := &cgalloc.StructMaps{Spec: cgalloc.StructMapsSpec{TextKeyed: map[cgalloc.Endpoint]cgalloc.Entry{
		{Host: "b", Port: 443}: {Name: "", Port: 1},
		{Host: "a", Port: 80}:  {Name: "a", Port: 0},
		{Host: "c", Port: 8}:   {Name: "c", Port: 2},
		{Host: "a", Port: 9}:   {Name: "a", Port: 70000},
	}}}
	old.APIVersion, old.Kind, old.Name, old.Namespace, old.ResourceVersion = "cgalloc.example.com/v1", "StructMaps", "a", "default", "1"
	changed := old.DeepCopy()
	changed.Spec.TextKeyed[cgalloc.Endpoint{Host: "a", Port: 9}] = cgalloc.Entry{Name: "a", Port: 70001}

	// The schema validator writes a map key as ".key"; field.Path, and
	// so Go, as "[key]".
	serverKey := regexp.MustCompile(`^spec\.textKeyed\.([^.]+)\.`)
	for _, c := range []struct {
		name     string
		obj, old *cgalloc.StructMaps
		want     []string
	}{
		{"create", old, nil, []string{"spec.textKeyed[a:80].port", "spec.textKeyed[a:9].port", "spec.textKeyed[b:443].name"}},
		{"update", changed, old, []string{"spec.textKeyed[a:9].port"}},
	} {
		body, err := json.Marshal(c.obj)
		if err != nil {
			t.Fatal(err)
		}
		var oldBody []byte
		op := operation.Operation{Type: operation.Create}
		if c.old != nil {
			op.Type = operation.Update
			if oldBody, err = json.Marshal(c.old); err != nil {
				t.Fatal(err)
			}
		}
		srvErrs, _, err := p.Validate(context.Background(), body, oldBody)
		if err != nil {
			t.Fatal(err)
		}
		var srv, ours []string
		for _, e := range srvErrs {
			if crdpipeline.IsBlockingMarker(e) {
				continue
			}
			srv = append(srv, serverKey.ReplaceAllString(e.Field, "spec.textKeyed[$1].")+" "+string(e.Type))
		}
		var want []string
		for _, e := range cgalloc.Validate_StructMaps(context.Background(), op, nil, c.obj, c.old) {
			ours = append(ours, e.Field+" "+string(e.Type))
			want = append(want, e.Field)
		}
		slices.Sort(srv)
		if !slices.Equal(ours, srv) {
			t.Errorf("%s: Go's errors\n %q\nthe server's\n %q", c.name, ours, srv)
		}
		if !slices.Equal(want, c.want) {
			t.Errorf("%s: errors at %q, want %q", c.name, want, c.want)
		}
	}
}

// committedPipeline is the API server's pipeline of a committed CRD of
// config/crd.
func committedPipeline(t *testing.T, file string) *crdpipeline.Pipeline {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "config", "crd", file))
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(b, crd); err != nil {
		t.Fatal(err)
	}
	p, err := crdpipeline.New(crd)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// createErrors validates obj on create with its Go validator and through
// the API server's pipeline p, and returns each side's errors as
// "<field>: <detail>", sorted.
func createErrors[T any](t *testing.T, p *crdpipeline.Pipeline, obj *T, validate func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList) (ours, srv []string) {
	t.Helper()
	body, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	srvErrs, _, err := p.Validate(context.Background(), body, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range srvErrs {
		srv = append(srv, e.Field+": "+e.Detail)
	}
	for _, e := range validate(context.Background(), operation.Operation{Type: operation.Create}, nil, obj, nil) {
		ours = append(ours, e.Field+": "+e.Detail)
	}
	slices.Sort(ours)
	slices.Sort(srv)
	return ours, srv
}

// A pattern on a resource.Quantity (with XIntOrString, as controller-gen
// requires) is in the CRD beside the quantity's own (allOf): the Go
// validator checks it on the string the quantity writes, and reports
// what the API server reports for that JSON, the allOf's own error
// included.
func TestQuantityPatternAsTheServer(t *testing.T) {
	p := committedPipeline(t, "cgalloc.example.com_durations.yaml")
	// The pattern's error, and the server's own for the allOf, at the
	// root (kube-openapi's composite error).
	const badLimit, allOf = "spec.limit: spec.limit in body should match '^[1-9]+[0-9]*([EPTGMK]i|[EPTGMk])?$'", `<nil>: "spec.limit" must validate all the schemas (allOf)`
	for _, c := range []struct {
		limit string
		want  []string // the errors' fields and details
	}{
		{"64Ki", nil},
		{"3M", nil},
		{"1500", nil},
		{"500m", []string{badLimit, allOf}},
		{"0", []string{badLimit, allOf}},
		{"2.5Gi", nil}, // written 2560Mi
	} {
		q := resource.MustParse(c.limit)
		obj := &cgalloc.Durations{Spec: cgalloc.DurationsSpec{Limit: &q}}
		obj.APIVersion, obj.Kind, obj.Name, obj.Namespace = "cgalloc.example.com/v1", "Durations", "a", "default"
		ours, srv := createErrors(t, p, obj, cgalloc.Validate_Durations)
		if !slices.Equal(ours, srv) || !slices.Equal(ours, slices.Sorted(slices.Values(c.want))) {
			t.Errorf("limit %s (%s in JSON): Go's errors %q, the server's %q, want %q", c.limit, q.String(), ours, srv, c.want)
		}
	}
}

// runtime.SchemaAllOf is the server's own error for an allOf, with and
// without its suffix for a value that fails every schema of it.
func TestSchemaAllOfAsTheServer(t *testing.T) {
	crd := &apiextv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict([]byte(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.example.com}
spec:
  group: example.com
  names: {kind: Thing, listKind: ThingList, plural: things, singular: thing}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              mode:
                type: string
                allOf:
                - enum: [a, b]
                - enum: [b, c]
`), crd); err != nil {
		t.Fatal(err)
	}
	p, err := crdpipeline.New(crd)
	if err != nil {
		t.Fatal(err)
	}
	var root vgruntime.Path
	spec := root.Child("spec")
	mode := spec.Child("mode")
	for _, c := range []struct {
		mode string
		none bool
	}{{"a", false}, {"c", false}, {"d", true}} {
		srvErrs, _, err := p.Validate(context.Background(), []byte(`{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"x","namespace":"default"},"spec":{"mode":"`+c.mode+`"}}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := vgruntime.SchemaAllOf(&mode, c.none)
		found := false
		for _, e := range srvErrs {
			found = found || e.Field == "<nil>" && *e == *want
		}
		if !found {
			t.Errorf("mode %s: the server's errors %v lack %v", c.mode, srvErrs, want)
		}
	}
}

// Raw JSON whose schema names a type (Chaos Mesh's json.RawMessage
// marked Type=object, an apiextensions JSON marked Type=array): the Go
// validator checks the type of the value it holds, as the API server does
// (an integer is what int64 parses, 2.0 is a number); bytes, written as base64,
// may carry x-kubernetes-preserve-unknown-fields.
func TestRawJSONTypeAsTheServer(t *testing.T) {
	p := committedPipeline(t, "cgalloc.example.com_objects.yaml")
	for _, c := range []struct {
		config, typed string
		want          []string
	}{
		{`{"a":1}`, `[1]`, nil},
		{``, ``, nil},
		{`null`, `null`, nil},
		{`[1]`, `{"a":1}`, []string{`spec.config: spec.config in body must be of type object: "array"`, `spec.typed: spec.typed in body must be of type array: "object"`}},
		{` "s"`, `2.0`, []string{`spec.config: spec.config in body must be of type object: "string"`, `spec.typed: spec.typed in body must be of type array: "number"`}},
		{`-7`, `2e3`, []string{`spec.config: spec.config in body must be of type object: "integer"`, `spec.typed: spec.typed in body must be of type array: "number"`}},
		{`1.5`, `true`, []string{`spec.config: spec.config in body must be of type object: "number"`, `spec.typed: spec.typed in body must be of type array: "boolean"`}},
	} {
		obj := &cgalloc.Objects{Spec: cgalloc.ObjectsSpec{Blob: []byte("abc")}}
		obj.APIVersion, obj.Kind, obj.Name, obj.Namespace = "cgalloc.example.com/v1", "Objects", "a", "default"
		if c.config != "" {
			obj.Spec.Config = json.RawMessage(c.config)
		}
		if c.typed != "" {
			obj.Spec.Typed = &apiextv1.JSON{Raw: []byte(c.typed)}
		}
		ours, srv := createErrors(t, p, obj, cgalloc.Validate_Objects)
		if !slices.Equal(ours, srv) || !slices.Equal(ours, slices.Sorted(slices.Values(c.want))) {
			t.Errorf("config %s, typed %s: Go's errors %q, the server's %q, want %q", c.config, c.typed, ours, srv, c.want)
		}
	}
}

// The API server reads a []byte field (format: byte) as a CEL value when
// a rule reaches it, has() included, decoding it as URL-safe base64, so
// that bytes whose standard base64 holds + or / fail the rule. The Go
// validator's compiled has() (runtime.CELBytesError) fails it with the
// same error, and passes what the server passes.
func TestBytesRuleAsTheServer(t *testing.T) {
	p := committedPipeline(t, "cgalloc.example.com_bundles.yaml")
	for _, c := range []struct {
		bundle []byte
		name   string
		want   []string
	}{
		{nil, "", nil},
		{[]byte("abc"), "ca", nil}, // YWJj
		{[]byte("abc"), "", []string{"spec: a CA bundle needs its name"}},
		// CEL's || passes over an error when its other side is true.
		{[]byte{0x00, 0x6f, 0xb8, 0x00}, "ca", nil}, // AG+4AA==
		{[]byte{0x00, 0x6f, 0xb8, 0x00}, "", []string{"spec: Invalid byte formatted string AG+4AA==: illegal base64 data at input byte 2 evaluating rule: a CA bundle needs its name"}},
		{[]byte{0xff, 0xff, 0xff}, "", []string{"spec: Invalid byte formatted string ////: illegal base64 data at input byte 0 evaluating rule: a CA bundle needs its name"}},
	} {
		obj := &cgalloc.Bundles{Spec: cgalloc.BundlesSpec{CABundle: c.bundle, CAName: c.name}}
		obj.APIVersion, obj.Kind, obj.Name, obj.Namespace = "cgalloc.example.com/v1", "Bundles", "a", "default"
		ours, srv := createErrors(t, p, obj, cgalloc.Validate_Bundles)
		if !slices.Equal(ours, srv) || !slices.Equal(ours, c.want) {
			t.Errorf("bundle %q, name %q: Go's errors %q, the server's %q, want %q", c.bundle, c.name, ours, srv, c.want)
		}
	}
}

// A list-map of pointers (controller-gen accepts +listType=map on []*T;
// envoy gateway's contextExtensions): the Go validator reports a
// repeated key, and a nil item (null, which the server keys as an object
// without its key fields), as the API server does on the committed CRD,
// on create and on updates (an unchanged list with a repeated key passes,
// as the server ratchets it), short lists and long; a repeated item's bad
// value is the server's, its key fields as JSON decodes them.
func TestListMapOfPointersAsTheServer(t *testing.T) {
	p := committedPipeline(t, "cgalloc.example.com_collections.yaml")
	obj := func(items ...*cgalloc.Entry) *cgalloc.Collections {
		o := &cgalloc.Collections{Spec: cgalloc.CollectionsSpec{MinItems: []string{"a"}, MinProperties: map[string]string{"a": "b"}, PtrMap: items}}
		o.APIVersion, o.Kind, o.Name, o.Namespace, o.ResourceVersion = "cgalloc.example.com/v1", "Collections", "a", "default", "1"
		return o
	}
	a80, a443, b80, bad := &cgalloc.Entry{Name: "a", Port: 80}, &cgalloc.Entry{Name: "a", Port: 443}, &cgalloc.Entry{Name: "b", Port: 80}, &cgalloc.Entry{Name: "", Port: 0}
	errorsOf := func(o, old *cgalloc.Collections) (ours, srv []string) {
		t.Helper()
		body, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var oldBody []byte
		op := operation.Operation{Type: operation.Create}
		if old != nil {
			if oldBody, err = json.Marshal(old); err != nil {
				t.Fatal(err)
			}
			op.Type = operation.Update
		}
		srvErrs, _, err := p.Validate(context.Background(), body, oldBody)
		if err != nil {
			t.Fatal(err)
		}
		// A repeated item's bad value is the server's: its key fields.
		text := func(e *field.Error) string {
			if e.Type == field.ErrorTypeDuplicate {
				m, _ := e.BadValue.(map[string]any)
				var kv []string
				for k, v := range m {
					kv = append(kv, fmt.Sprintf("%s=%T(%v)", k, v, v))
				}
				slices.Sort(kv)
				return fmt.Sprintf("%s: %T{%s}", e.Field, e.BadValue, strings.Join(kv, " "))
			}
			return e.Field + ": " + e.Detail
		}
		for _, e := range srvErrs {
			srv = append(srv, text(e))
		}
		for _, e := range cgalloc.Validate_Collections(context.Background(), op, nil, o, old) {
			ours = append(ours, text(e))
		}
		slices.Sort(ours)
		slices.Sort(srv)
		return ours, srv
	}
	for _, c := range []struct {
		name     string
		obj, old *cgalloc.Collections
		want     []string
	}{
		{"unique", obj(a80, a443, b80), nil, nil},
		{"a repeated key", obj(a80, b80, &cgalloc.Entry{Name: "a", Port: 80, Value: "v"}), nil, []string{`spec.ptrMap[2]: map[string]interface {}{name=string(a) port=int64(80)}`}},
		{"a nil item", obj(a80, nil, b80), nil, []string{`spec.ptrMap[1]: spec.ptrMap[1] in body must be of type object: "null"`}},
		// The server keys a null item as an object without its keys.
		{"nil items repeat one another", obj(nil, a80, nil), nil, []string{`spec.ptrMap[0]: spec.ptrMap[0] in body must be of type object: "null"`, `spec.ptrMap[2]: map[string]interface {}{}`, `spec.ptrMap[2]: spec.ptrMap[2] in body must be of type object: "null"`}},
		{"an item's own checks", obj(a80, bad), nil, []string{`spec.ptrMap[1].name: spec.ptrMap[1].name in body should be at least 1 chars long`, `spec.ptrMap[1].port: spec.ptrMap[1].port in body should be greater than or equal to 1`}},
		{"a long list with a repeated key", obj(append(manyEntries(20), &cgalloc.Entry{Name: "e3", Port: 4})...), nil, []string{`spec.ptrMap[20]: map[string]interface {}{name=string(e3) port=int64(4)}`}},
		{"an unchanged repeated key, updated", obj(a80, &cgalloc.Entry{Name: "a", Port: 80}), obj(a80, &cgalloc.Entry{Name: "a", Port: 80}), nil},
		{"a new repeated key, updated", obj(a80, b80, &cgalloc.Entry{Name: "b", Port: 80}), obj(a80, b80), []string{`spec.ptrMap[2]: map[string]interface {}{name=string(b) port=int64(80)}`}},
	} {
		ours, srv := errorsOf(c.obj, c.old)
		if !slices.Equal(ours, srv) || !slices.Equal(ours, c.want) {
			t.Errorf("%s: Go's errors %q, the server's %q, want %q", c.name, ours, srv, c.want)
		}
	}
	// The same list-map of objects (not pointers): the same bad values.
	values := func(items ...*cgalloc.Entry) *cgalloc.Collections {
		o := obj()
		for _, e := range items {
			o.Spec.Map = append(o.Spec.Map, *e)
		}
		return o
	}
	for _, c := range []struct {
		name string
		obj  *cgalloc.Collections
		want []string
	}{
		{"a repeated key", values(a80, b80, &cgalloc.Entry{Name: "a", Port: 80, Value: "v"}), []string{`spec.map[2]: map[string]interface {}{name=string(a) port=int64(80)}`}},
		{"a long list with a repeated key", values(append(manyEntries(20), &cgalloc.Entry{Name: "e3", Port: 4})...), []string{`spec.map[20]: map[string]interface {}{name=string(e3) port=int64(4)}`}},
	} {
		ours, srv := errorsOf(c.obj, nil)
		if !slices.Equal(ours, srv) || !slices.Equal(ours, c.want) {
			t.Errorf("map, %s: Go's errors %q, the server's %q, want %q", c.name, ours, srv, c.want)
		}
	}
}

func manyEntries(n int) []*cgalloc.Entry {
	var out []*cgalloc.Entry
	for i := range n {
		out = append(out, &cgalloc.Entry{Name: fmt.Sprintf("e%d", i), Port: int32(i + 1)})
	}
	return out
}
