package runtime

import (
	"context"
	"encoding/json"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate/content"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// EmbeddedOrigin marks the errors of embedded objects.
const EmbeddedOrigin = "x-kubernetes-embedded-resource"

// EmbeddedRaw checks a RawExtension whose schema says it is a Kubernetes
// object (x-kubernetes-embedded-resource) as the server checks it; an
// empty one is absent.
func EmbeddedRaw(p *Path, raw *k8sruntime.RawExtension) field.ErrorList {
	if raw == nil || len(raw.Raw) == 0 || string(raw.Raw) == "null" || embeddedRawValid(raw.Raw) {
		return nil
	}
	return embeddedRawChecked(p, raw.Raw)
}

// embeddedRawChecked is the full check of EmbeddedRaw: decode, then the
// server's checks.
func embeddedRawChecked(p *Path, raw []byte) field.ErrorList {
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil // not an object: the schema's type check reports it
	}
	return embedded(p.Field(), obj)
}

// EmbeddedObject checks a struct whose schema says it is a Kubernetes
// object (x-kubernetes-embedded-resource) as the server checks it.
func EmbeddedObject[T any](p *Path, v *T) field.ErrorList {
	obj, err := k8sruntime.DefaultUnstructuredConverter.ToUnstructured(v)
	if err != nil {
		return field.ErrorList{field.InternalError(p.Field(), err)}
	}
	return embedded(p.Field(), obj)
}

// embedded is the server's check of an embedded object: apiVersion and
// kind present and well formed, metadata valid as an object's metadata
// (its name as a path segment, a placeholder when it has none).
func embedded(pth *field.Path, x map[string]any) (errs field.ErrorList) {
	// The server checks embedded objects on every write, without
	// ratcheting: UpdateErrors takes them from the new object alone.
	defer func() {
		for _, e := range errs {
			e.Origin = EmbeddedOrigin
		}
	}()
	if _, ok := x["apiVersion"]; !ok {
		errs = append(errs, field.Required(pth.Child("apiVersion"), ""))
	}
	if _, ok := x["kind"]; !ok {
		errs = append(errs, field.Required(pth.Child("kind"), ""))
	}
	if v, ok := x["apiVersion"]; ok {
		if s, isStr := v.(string); !isStr {
			errs = append(errs, field.Invalid(pth.Child("apiVersion"), v, "must be a string"))
		} else if s == "" {
			errs = append(errs, field.Invalid(pth.Child("apiVersion"), s, "must not be empty"))
		} else if _, err := schema.ParseGroupVersion(s); err != nil {
			errs = append(errs, field.Invalid(pth.Child("apiVersion"), s, err.Error()))
		}
	}
	if v, ok := x["kind"]; ok {
		if s, isStr := v.(string); !isStr {
			errs = append(errs, field.Invalid(pth.Child("kind"), v, "must be a string"))
		} else if s == "" {
			errs = append(errs, field.Invalid(pth.Child("kind"), s, "must not be empty"))
		} else if e := utilvalidation.IsDNS1035Label(strings.ToLower(s)); len(e) > 0 {
			errs = append(errs, field.Invalid(pth.Child("kind"), s, "may have mixed case, but should otherwise match: "+strings.Join(e, ",")))
		}
	}
	if md, ok := x["metadata"]; ok {
		b, _ := json.Marshal(md)
		meta := &metav1.ObjectMeta{}
		if err := json.Unmarshal(b, meta); err != nil {
			errs = append(errs, field.Invalid(pth.Child("metadata"), md, err.Error()))
		} else {
			if meta.Name == "" {
				meta.Name = "fakename"
			}
			errs = append(errs, metavalidation.ValidateObjectMetaDeclaratively(context.Background(), operation.Create, meta, nil,
				meta.Namespace != "", func(name string, prefix bool) []string {
					if prefix {
						return content.IsPathSegmentPrefix(name)
					}
					return content.IsPathSegmentName(name)
				}, pth.Child("metadata"), true)...)
		}
	}
	return errs
}
