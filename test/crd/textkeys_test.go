package crd

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"sigs.k8s.io/yaml"

	cgalloc "github.com/declval/validation-gen/examples/apis/cgalloc/v1"
	"github.com/declval/validation-gen/test/crdpipeline"
)

// A map whose keys write themselves as text (controller-gen accepts them
// since v0.22): the Go validator reports the errors of its values at the
// paths the API server reports them, the key being the JSON object's
// (MarshalText), on the committed CRD (config/crd), on create and on an
// update that changed one value.
func TestTextKeyedMapAsTheServer(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "config", "crd", "cgalloc.example.com_structmaps.yaml"))
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
