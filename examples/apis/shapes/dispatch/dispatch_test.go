package dispatch_test

import (
	"context"
	"strings"
	"testing"

	"github.com/declval/validation-gen/examples/apis/shapes/dispatch"
	"github.com/declval/validation-gen/examples/apis/shapes/scale"
	vgruntime "github.com/declval/validation-gen/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func registry(t *testing.T) *vgruntime.Registry {
	r := vgruntime.NewRegistry()
	if err := dispatch.RegisterValidations(r); err != nil {
		t.Fatal(err)
	}
	if err := scale.RegisterValidations(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSubresourceDispatch(t *testing.T) {
	r := registry(t)
	ctx := context.Background()
	bad := &dispatch.WidgetKind{}
	cases := []struct {
		name         string
		obj          any
		subresources []string
		wantType     field.ErrorType // "" for no error
		wantDetail   string
	}{
		{"root", bad, nil, field.ErrorTypeRequired, ""},
		{"status", bad, []string{"status"}, field.ErrorTypeRequired, ""},
		{"type-level subresource", bad, []string{"x", "y"}, field.ErrorTypeRequired, ""},
		{"unsupported", bad, []string{"scale"}, field.ErrorTypeInternal, "no validation found for *dispatch.WidgetKind, subresource: /scale"},
		{"other kind lacks the type's own path", &dispatch.OtherKind{}, []string{"x", "y"}, field.ErrorTypeInternal, "subresource: /x/y"},
		{"other kind status", &dispatch.OtherKind{}, []string{"status"}, field.ErrorTypeInvalid, ""},
		{"scale serves /scale", &scale.Scale{Replicas: -1}, []string{"scale"}, field.ErrorTypeInvalid, ""},
		{"scale never serves the root", &scale.Scale{Replicas: -1}, nil, field.ErrorTypeInternal, "no validation found for *scale.Scale, subresource: /"},
		{"unregistered type", &struct{}{}, nil, field.ErrorTypeInternal, "no validation registered"},
	}
	for _, c := range cases {
		errs := r.ValidateCreate(ctx, nil, c.obj, c.subresources...)
		if len(errs) != 1 || errs[0].Type != c.wantType || !strings.Contains(errs[0].Detail, c.wantDetail) {
			t.Errorf("%s: got %v, want one %s error with %q", c.name, errs, c.wantType, c.wantDetail)
		}
	}
	if errs := r.ValidateUpdate(ctx, nil, &dispatch.WidgetKind{}, &dispatch.WidgetKind{}, "status"); len(errs) != 0 {
		t.Errorf("unchanged object on update: %v", errs)
	}
}

// TestRegisteredAtInit: the generated init() registered the package's
// validations with its localSchemeBuilder, here a vgruntime.Registry.
func TestRegisteredAtInit(t *testing.T) {
	ctx := context.Background()
	if errs := dispatch.Validations.ValidateCreate(ctx, nil, &dispatch.WidgetKind{}); len(errs) != 1 || errs[0].Type != field.ErrorTypeRequired {
		t.Errorf("dispatch.Validations: got %v, want one Required", errs)
	}
	if errs := scale.Validations.ValidateCreate(ctx, nil, &scale.Scale{Replicas: -1}, "scale"); len(errs) != 1 || errs[0].Type != field.ErrorTypeInvalid {
		t.Errorf("scale.Validations: got %v, want one Invalid", errs)
	}
}
