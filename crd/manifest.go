package crd

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// Manifest is one CustomResourceDefinition, as YAML, and the file name it
// is written to (<group>_<plural>.yaml).
type Manifest struct {
	Name    string
	Content []byte
}

// Manifests renders one CustomResourceDefinition per group and kind of the
// model's CRDRoots, with one version per package. options are the options
// treated as enabled for ifEnabled/ifDisabled.
func Manifests(m *model.Model, options map[string]bool) ([]Manifest, error) {
	type key struct{ group, kind string }
	byKind := map[key][]*model.CRDRoot{}
	for _, r := range m.CRDRoots {
		k := key{r.Group, r.Type.Go.Name.Name}
		byKind[k] = append(byKind[k], r)
	}
	keys := make([]key, 0, len(byKind))
	for k := range byKind {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].group != keys[j].group {
			return keys[i].group < keys[j].group
		}
		return keys[i].kind < keys[j].kind
	})
	var outs []Manifest
	var errs []error
	for _, k := range keys {
		crd, err := manifest(m, byKind[k], options)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		b, err := marshalCRD(crd)
		if err != nil {
			return nil, err
		}
		name := crd.Spec.Group + "_" + crd.Spec.Names.Plural + ".yaml"
		outs = append(outs, Manifest{Name: name, Content: append([]byte("---\n"), b...)})
	}
	if len(errs) > 0 {
		return nil, markers.JoinSorted(errs)
	}
	return outs, nil
}

// marshalCRD writes a CRD as YAML without its status, which the server
// owns.
func marshalCRD(crd *apiextv1.CustomResourceDefinition) ([]byte, error) {
	j, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	var obj map[string]any
	if err := json.Unmarshal(j, &obj); err != nil {
		return nil, err
	}
	delete(obj, "status")
	if md, ok := obj["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	return yaml.Marshal(obj)
}

func manifest(m *model.Model, roots []*model.CRDRoot, options map[string]bool) (*apiextv1.CustomResourceDefinition, error) {
	sort.Slice(roots, func(i, j int) bool { return roots[i].Version < roots[j].Version })
	first := roots[0]
	kind := first.Type.Go.Name.Name
	mk := first.Markers
	plural := mk.Plural
	if plural == "" {
		plural = pluralOf(strings.ToLower(kind))
	}
	singular := mk.Singular
	if singular == "" {
		singular = strings.ToLower(kind)
	}
	scope := apiextv1.NamespaceScoped
	if mk.Scope == "Cluster" {
		scope = apiextv1.ClusterScoped
	}
	crd := &apiextv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + first.Group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: first.Group,
			Names: apiextv1.CustomResourceDefinitionNames{
				Plural: plural, Singular: singular, Kind: kind, ListKind: kind + "List",
				ShortNames: mk.ShortNames, Categories: mk.Categories,
			},
			Scope: scope,
		},
	}
	storage := -1
	for i, r := range roots {
		if r.Markers.StorageVersion {
			if storage >= 0 {
				return nil, &markers.Error{Pos: r.Type.Pos, Tag: "kubebuilder:storageversion",
					Msg: fmt.Sprintf("%s has more than one storage version", kind), Fix: "mark exactly one version +kubebuilder:storageversion"}
			}
			storage = i
		}
	}
	if storage < 0 {
		if len(roots) > 1 {
			return nil, &markers.Error{Pos: first.Type.Pos, Msg: fmt.Sprintf("%s has %d versions and none is the storage version", kind, len(roots)),
				Fix: "mark one version's type +kubebuilder:storageversion"}
		}
		storage = 0
	}
	var errs []error
	var positions []Positions
	for i, r := range roots {
		c := &crdCtx{m: m, options: options, positions: Positions{}}
		schema := c.rootSchema(r.Type)
		errs = append(errs, c.errs...)
		positions = append(positions, c.positions)
		v := apiextv1.CustomResourceDefinitionVersion{
			Name: r.Version, Served: true, Storage: i == storage,
			Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: schema},
		}
		status := r.Markers.Status || supportsStatus(r.Type)
		if status || r.Markers.Scale != nil {
			v.Subresources = &apiextv1.CustomResourceSubresources{}
			if status {
				v.Subresources.Status = &apiextv1.CustomResourceSubresourceStatus{}
			}
			if s := r.Markers.Scale; s != nil {
				errs = append(errs, checkScale(m, r.Type, s)...)
				v.Subresources.Scale = &apiextv1.CustomResourceSubresourceScale{SpecReplicasPath: s.SpecPath, StatusReplicasPath: s.StatusPath}
				if s.SelectorPath != "" {
					v.Subresources.Scale.LabelSelectorPath = &s.SelectorPath
				}
			}
		}
		for _, pc := range r.Markers.PrintColumns {
			v.AdditionalPrinterColumns = append(v.AdditionalPrinterColumns, apiextv1.CustomResourceColumnDefinition{
				Name: pc.Name, Type: pc.Type, JSONPath: pc.JSONPath, Description: pc.Description, Format: pc.Format, Priority: pc.Priority})
		}
		for _, sf := range r.Markers.SelectableFields {
			v.SelectableFields = append(v.SelectableFields, apiextv1.SelectableField{JSONPath: sf})
		}
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	if len(errs) == 0 {
		errs = m.WithRuleTags(Check(crd, positions, first.Type.Pos))
	}
	if len(errs) > 0 {
		return nil, markers.JoinSorted(errs)
	}
	return crd, nil
}

// supportsStatus: +k8s:supportsSubresource="/status" also enables the
// status subresource.
func supportsStatus(t *model.Type) bool {
	for _, s := range append(append([]string{}, t.Pkg.Subresources...), t.Subresources...) {
		if s == "/status" {
			return true
		}
	}
	return false
}

// pluralOf is the English plural Kubernetes tools use for kinds.
func pluralOf(s string) string {
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "z"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}
