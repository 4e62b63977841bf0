package crd

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/declval/validation-gen/internal/parallel"
	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
)

// KubebuilderManifests renders the CRDs of controller-gen's dialect: one
// per group and kind, one version per package, each version's schema as
// the kubebuilder package built it (controller-gen's), and the CRD-level
// fields as controller-gen sets them from the same markers. Each is
// checked as the API server checks a CRD it is given. Of settings, only
// MaxDescLen is read.
func KubebuilderManifests(km *kubebuilder.Model, settings Settings) ([]Manifest, []*markers.Warning, error) {
	type key struct{ group, kind string }
	byKind := map[key][]*kubebuilder.Kind{}
	for _, p := range km.Packages {
		// A namesake is a version of a kind of another package.
		for _, k := range slices.Concat(p.Kinds, p.Namesakes) {
			kk := key{p.Group, k.Go.Name.Name}
			byKind[kk] = append(byKind[kk], k)
		}
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
	var warnings []*markers.Warning
	// Each kind's CRD is built, checked and marshalled on its own, in
	// parallel; the results are taken in the keys' order.
	type built struct {
		crd  *apiextv1.CustomResourceDefinition
		ws   []*markers.Warning
		yaml []byte
		err  error
	}
	results := parallel.Map(len(keys), func(i int) built {
		crd, ws, err := kubebuilderManifest(byKind[keys[i]], settings.maxDescLen())
		if err != nil || crd == nil {
			return built{ws: ws, err: err}
		}
		b, err := marshalCRD(crd)
		return built{crd, ws, b, err}
	})
	for i, k := range keys {
		r := results[i]
		warnings = append(warnings, r.ws...)
		if r.err != nil && r.crd == nil {
			errs = append(errs, r.err)
			continue
		}
		if r.crd == nil {
			continue // every version skipped
		}
		crd, b := r.crd, r.yaml
		if r.err != nil {
			return nil, nil, r.err
		}
		var pkgs []string
		for _, v := range byKind[k] {
			pkgs = append(pkgs, v.Pkg.Path)
		}
		name := crd.Spec.Group + "_" + crd.Spec.Names.Plural + ".yaml"
		outs = append(outs, Manifest{Name: name, Content: append(header(pkgs), b...), CRD: crd.Name, ControllerGen: true})
	}
	if len(errs) > 0 {
		return nil, nil, markers.JoinSorted(errs)
	}
	return outs, warnings, nil
}

func kubebuilderManifest(kinds []*kubebuilder.Kind, maxDescLen int) (*apiextv1.CustomResourceDefinition, []*markers.Warning, error) {
	// Versions sorted by name as strings, as controller-gen sorts them.
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].Pkg.Version < kinds[j].Pkg.Version })
	var kept []*kubebuilder.Kind
	for _, k := range kinds {
		if !k.Markers.SkipVersion {
			kept = append(kept, k)
		}
	}
	if len(kept) == 0 {
		return nil, nil, nil
	}
	first := kept[0]
	kind := first.Go.Name.Name
	plural, singular := pluralOf(kind), strings.ToLower(kind)
	var shortNames, categories []string
	scope := apiextv1.NamespaceScoped
	annotations, labels := map[string]string{}, map[string]string{}
	for _, k := range kept {
		mk := k.Markers
		if mk.Plural != "" {
			plural = mk.Plural
		}
		if mk.Singular != "" {
			singular = mk.Singular
		}
		if mk.ShortNames != nil || mk.Categories != nil || mk.Scope != "" {
			shortNames, categories = mk.ShortNames, mk.Categories
		}
		if mk.Scope == "Cluster" {
			scope = apiextv1.ClusterScoped
		}
		for n, v := range mk.Annotations {
			annotations[n] = v
		}
		for n, v := range mk.Labels {
			labels[n] = v
		}
	}
	crd := &apiextv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + first.Pkg.Group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: first.Pkg.Group,
			Names: apiextv1.CustomResourceDefinitionNames{
				Plural: plural, Singular: singular, Kind: kind, ListKind: kind + "List",
				ShortNames: shortNames, Categories: categories,
			},
			Scope: scope,
		},
	}
	if len(annotations) > 0 {
		crd.Annotations = annotations
	}
	if len(labels) > 0 {
		crd.Labels = labels
	}
	// controller-gen marks every version +kubebuilder:storageversion names
	// as the storage version (the API server refuses more than one: a
	// warning, below), and the only version when there is one.
	var storage []string
	for _, k := range kept {
		if k.Markers.StorageVersion {
			storage = append(storage, k.Pkg.Version)
		}
	}
	if len(storage) == 0 {
		if len(kept) > 1 {
			return nil, nil, &markers.Error{Pos: first.Pos, Msg: fmt.Sprintf("%s has %d versions and none is the storage version", kind, len(kept)),
				Fix: "mark one version's type +kubebuilder:storageversion"}
		}
		storage = []string{kept[0].Pkg.Version}
	}
	var positions []Positions
	served := false
	for _, k := range kept {
		mk := k.Markers
		schema := k.Schema.DeepCopy()
		truncateDescriptions(schema, maxDescLen)
		v := apiextv1.CustomResourceDefinitionVersion{
			Name: k.Pkg.Version, Served: !mk.Unserved, Storage: slices.Contains(storage, k.Pkg.Version),
			Deprecated: mk.Deprecated, DeprecationWarning: mk.DeprecationWarning,
			Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: schema},
		}
		served = served || v.Served
		if mk.Status || mk.Scale != nil {
			v.Subresources = &apiextv1.CustomResourceSubresources{}
			if mk.Status {
				v.Subresources.Status = &apiextv1.CustomResourceSubresourceStatus{}
			}
			if s := mk.Scale; s != nil {
				v.Subresources.Scale = &apiextv1.CustomResourceSubresourceScale{SpecReplicasPath: s.SpecPath, StatusReplicasPath: s.StatusPath}
				if s.SelectorPath != "" {
					v.Subresources.Scale.LabelSelectorPath = &s.SelectorPath
				}
			}
		}
		for _, pc := range mk.PrintColumns {
			v.AdditionalPrinterColumns = append(v.AdditionalPrinterColumns, apiextv1.CustomResourceColumnDefinition{
				Name: pc.Name, Type: pc.Type, JSONPath: pc.JSONPath, Description: pc.Description, Format: pc.Format, Priority: pc.Priority})
		}
		if len(mk.PrintColumns) > 0 && v.Subresources == nil {
			// controller-gen writes an empty subresources with printer
			// columns; the server reads it as none.
			v.Subresources = &apiextv1.CustomResourceSubresources{}
		}
		for _, sf := range mk.SelectableFields {
			v.SelectableFields = append(v.SelectableFields, apiextv1.SelectableField{JSONPath: sf})
		}
		positions = append(positions, Positions(k.Positions))
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	if !served {
		return nil, nil, &markers.Error{Pos: first.Pos, Tag: "kubebuilder:unservedversion",
			Msg: fmt.Sprintf("no version of %s is served", kind), Fix: "serve at least one version (remove +kubebuilder:unservedversion from it)"}
	}
	ws, errs := markers.SplitWarnings(check(crd, positions, first.Pos, cgFixes))
	// controller-gen writes a CRD the API server refuses (a group under
	// k8s.io without its review's annotation, which a project's own
	// tooling adds; rules over budget): so does validation-gen, warning.
	for _, e := range errs {
		var me *markers.Error
		if !errors.As(e, &me) {
			return nil, nil, e
		}
		ws = append(ws, &markers.Warning{Kind: markers.ServerRejects, Pos: me.Pos, Tag: me.Tag, Msg: me.Msg,
			Does: "writes the CRD as it is, and the API server refuses it when it is applied", Fix: me.Fix})
	}
	for _, k := range kept {
		ws = append(ws, unguardedInKind(k.Schema, Positions(k.Positions), k.Written, k.Pos, k.Rules)...)
	}
	return crd, ws, nil
}
