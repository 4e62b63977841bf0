// Package crdpipeline validates custom resources as
// kube-apiextensions-apiserver v0.37 does on a POST or PUT of the main
// resource, in process: the same construction of the validators as the
// server's customresource_handler.go and the same decode steps, then the
// server's own custom-resource strategy. The differential test
// (test/crd), the end-to-end test and the benchmarks (bench/) use it as
// the server's side of a comparison; docs/crd-pipeline.md records how it
// was checked against a real server.
package crdpipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// crStrategy is the part of the API server's custom resource strategy
// (k8s.io/apiextensions-apiserver/pkg/registry/customresource) a Pipeline
// drives; NewStrategy returns an unexported type.
type crStrategy interface {
	PrepareForCreate(ctx context.Context, obj runtime.Object)
	PrepareForUpdate(ctx context.Context, obj, old runtime.Object)
	Validate(ctx context.Context, obj runtime.Object) field.ErrorList
	ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList
}

// Pipeline validates custom resources of one CRD version the way
// kube-apiextensions-apiserver v0.37 does on POST and PUT of the main
// resource: the same construction as getOrCreateServingInfoFor in
// customresource_handler.go, the same decode steps as
// unstructuredSchemaCoercer.apply and the unstructured defaulter, then the
// exported strategy's PrepareFor*/Validate*.
type Pipeline struct {
	GVK        schema.GroupVersionKind
	Namespaced bool
	// Schema is the structural schema of the served version.
	Schema   *structuralschema.Structural
	strategy crStrategy
	// Status is whether the status subresource is on (PrepareFor* then
	// drop or copy status).
	Status bool
}

// New builds the pipeline of the storage version of crd.
func New(crd *apiextv1.CustomResourceDefinition) (*Pipeline, error) {
	// The server serves the stored, defaulted CRD.
	scheme := runtime.NewScheme()
	install.Install(scheme)
	crd = crd.DeepCopy()
	scheme.Default(crd)

	version, err := apihelpers.GetCRDStorageVersion(crd)
	if err != nil {
		return nil, err
	}
	val, err := apihelpers.GetSchemaForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	if val == nil || val.OpenAPIV3Schema == nil {
		return nil, fmt.Errorf("version %s has no schema", version)
	}
	internal := &apiextensions.CustomResourceValidation{}
	if err := apiextv1.Convert_v1_CustomResourceValidation_To_apiextensions_CustomResourceValidation(val, internal, nil); err != nil {
		return nil, err
	}
	s, err := structuralschema.NewStructural(internal.OpenAPIV3Schema)
	if err != nil {
		return nil, fmt.Errorf("not structural: %w", err)
	}
	s = s.DeepCopy()
	if err := structuraldefaulting.PruneDefaults(s); err != nil {
		return nil, err
	}
	validator, _, err := apiservervalidation.NewSchemaValidator(internal.OpenAPIV3Schema)
	if err != nil {
		return nil, err
	}

	subs, err := apihelpers.GetSubresourcesForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	var statusSpec *apiextensions.CustomResourceSubresourceStatus
	var statusValidator apiservervalidation.SchemaValidator
	if subs != nil && subs.Status != nil {
		statusSpec = &apiextensions.CustomResourceSubresourceStatus{}
		if err := apiextv1.Convert_v1_CustomResourceSubresourceStatus_To_apiextensions_CustomResourceSubresourceStatus(subs.Status, statusSpec, nil); err != nil {
			return nil, err
		}
		if ss, ok := internal.OpenAPIV3Schema.Properties["status"]; ok {
			if statusValidator, _, err = apiservervalidation.NewSchemaValidator(&ss); err != nil {
				return nil, err
			}
		}
	}
	var scaleSpec *apiextensions.CustomResourceSubresourceScale
	if subs != nil && subs.Scale != nil {
		scaleSpec = &apiextensions.CustomResourceSubresourceScale{}
		if err := apiextv1.Convert_v1_CustomResourceSubresourceScale_To_apiextensions_CustomResourceSubresourceScale(subs.Scale, scaleSpec, nil); err != nil {
			return nil, err
		}
	}

	gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: version, Kind: crd.Spec.Names.Kind}
	namespaced := crd.Spec.Scope == apiextv1.NamespaceScoped
	// The typer is only embedded for the rest.RESTCreateStrategy interface;
	// validation does not use it.
	st := customresource.NewStrategy(runtime.NewScheme(), namespaced, gvk, validator, statusValidator, s, statusSpec, scaleSpec, nil)
	return &Pipeline{GVK: gvk, Namespaced: namespaced, Schema: s, strategy: st, Status: statusSpec != nil}, nil
}

// Decode turns a request body into the object the strategy sees: JSON
// with int64 integers, then unstructuredSchemaCoercer.apply (metadata set
// aside, pruning of unknown fields, nulls of non-nullable fields without
// default dropped, embedded metadata coerced, metadata restored), then
// the structural defaulter. It returns the unknown field paths the
// server would warn about (or reject under fieldValidation=Strict).
func (a *Pipeline) Decode(body []byte) (*unstructured.Unstructured, []string, error) {
	var obj map[string]interface{}
	if err := utiljson.Unmarshal(body, &obj); err != nil {
		return nil, nil, err
	}
	u := &unstructured.Unstructured{Object: obj}
	kind, foundKind, err := unstructured.NestedString(obj, "kind")
	if err != nil {
		return nil, nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(obj, "apiVersion")
	if err != nil {
		return nil, nil, err
	}
	meta, foundMeta, unknown, err := schemaobjectmeta.GetObjectMetaWithOptions(obj, schemaobjectmeta.ObjectMetaOptions{ReturnUnknownFieldPaths: true})
	if err != nil {
		return nil, nil, err
	}
	unknown = append(unknown, structuralpruning.PruneWithOptions(obj, a.Schema, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})...)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(obj, a.Schema)
	ferr, paths := schemaobjectmeta.CoerceWithOptions(nil, obj, a.Schema, false, schemaobjectmeta.CoerceOptions{ReturnUnknownFieldPaths: true})
	if ferr != nil {
		return nil, nil, ferr
	}
	unknown = append(unknown, paths...)
	if foundKind {
		u.SetKind(kind)
	}
	if foundAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if foundMeta {
		if err := schemaobjectmeta.SetObjectMeta(obj, meta); err != nil {
			return nil, nil, err
		}
	}
	// versioning.codec.Decode runs the defaulter (structuraldefaulting.Default)
	// before conversion.
	structuraldefaulting.Default(obj, a.Schema)
	return u, unknown, nil
}

// Defaulted is body with the schema's defaults applied, as the server
// applies them when it decodes a request: what an admission webhook (and
// so a Go validator serving one) sees. Nothing else of Decode is done.
func (a *Pipeline) Defaulted(body []byte) ([]byte, error) {
	var obj map[string]interface{}
	if err := utiljson.Unmarshal(body, &obj); err != nil {
		return nil, err
	}
	structuraldefaulting.Default(obj, a.Schema)
	return json.Marshal(obj)
}

// Validate runs a request body through Decode and the create (oldBody ==
// nil) or update path of the strategy: PrepareFor*, then Validate*. It
// returns the errors and the unknown fields the server would warn about.
func (a *Pipeline) Validate(ctx context.Context, body, oldBody []byte) (field.ErrorList, []string, error) {
	obj, unknown, err := a.Decode(body)
	if err != nil {
		return nil, nil, err
	}
	if oldBody == nil {
		a.strategy.PrepareForCreate(ctx, obj)
		return a.strategy.Validate(ctx, obj), unknown, nil
	}
	old, _, err := a.Decode(oldBody)
	if err != nil {
		return nil, nil, err
	}
	a.strategy.PrepareForUpdate(ctx, obj, old)
	return a.strategy.ValidateUpdate(ctx, obj, old), unknown, nil
}

// BlockingMarker is the detail of the error the strategy appends instead
// of running CEL when a "blocking" schema error (NotSupported, Required,
// TooLong, TooMany, TypeInvalid) was found (hasBlockingErr in
// customresource/strategy.go).
const BlockingMarker = "some validation rules were not checked because the object was invalid"

// IsBlockingMarker tells the error BlockingMarker describes.
func IsBlockingMarker(e *field.Error) bool {
	return e.Field == "<nil>" && strings.HasPrefix(e.Detail, BlockingMarker)
}

// ValidateDecoded runs the strategy's validation alone (no PrepareFor*) on
// objects Decode returned: old == nil is a create. This is the schema
// validator, the list-type checks and the CEL rules (with ratcheting on
// update) as the server runs them; it does not change obj or old.
func (a *Pipeline) ValidateDecoded(ctx context.Context, obj, old *unstructured.Unstructured) field.ErrorList {
	if old == nil {
		return a.strategy.Validate(ctx, obj)
	}
	return a.strategy.ValidateUpdate(ctx, obj, old)
}
