// Package crwebhook serves the validators validation-gen generates as a
// controller-runtime validating webhook: an admission.Validator (and, for
// older setups, an admission.CustomValidator) that validates with what
// the generated RegisterValidations put in the scheme, for the request's
// subresource, with the caller's options, and denies with the errors as
// the API server reports invalid objects (422, one cause per error).
//
// It lives in a module of its own so that validation-gen's runtime does
// not depend on controller-runtime.
//
//	v, err := crwebhook.New[*crontabv1.CronTab](mgr.GetScheme())
//	if err != nil { ... }
//	err = ctrl.NewWebhookManagedBy(mgr, &crontabv1.CronTab{}).WithValidator(v).Complete()
package crwebhook

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// Validator validates objects of type T with the scheme's generated
// validation.
type Validator[T runtime.Object] struct {
	scheme    *runtime.Scheme
	options   func(context.Context) map[string]bool
	enforced  map[string]bool // stability levels whose errors deny
	groupKind schema.GroupKind
}

// An Option configures a Validator.
type Option func(*config) error

type config struct {
	options   func(context.Context) map[string]bool
	stability string
	noStatus  bool
}

// WithoutStatus says that the webhook is not registered for the kind's
// /status subresource (the API server sends it no status updates), so
// that New accepts a kind with a status whose generated validation does
// not dispatch /status.
func WithoutStatus() Option {
	return func(c *config) error {
		c.noStatus = true
		return nil
	}
}

// WithOptions gives every validation the options the tags test
// (+k8s:ifEnabled, +k8s:ifDisabled): an option a tag tests and the map
// does not define is an InternalError, as in Kubernetes.
func WithOptions(options map[string]bool) Option {
	return func(c *config) error {
		c.options = func(context.Context) map[string]bool { return options }
		return nil
	}
}

// WithOptionsFunc computes the options per request.
func WithOptionsFunc(f func(context.Context) map[string]bool) Option {
	return func(c *config) error { c.options = f; return nil }
}

// WithStability sets the lowest stability level whose errors deny a
// request: "stable", "beta" (the default, as Kubernetes 1.37 and
// validation-gen's --crd-stability) or "alpha". Errors of lower levels
// are dropped, as Kubernetes drops them.
func WithStability(level string) Option {
	return func(c *config) error {
		switch level {
		case "stable", "beta", "alpha":
			c.stability = level
			return nil
		}
		return fmt.Errorf("crwebhook: stability %q: want stable, beta or alpha", level)
	}
}

// New returns the Validator of T. T must be a pointer to a kind whose
// generated validation is registered in scheme (the generated
// RegisterValidations, which AddToScheme calls in a package with
// +k8s:validation-gen-scheme-registry): a kind without one is an error
// here, not a webhook that allows everything.
func New[T runtime.Object](scheme *runtime.Scheme, opts ...Option) (*Validator[T], error) {
	c := config{stability: "beta", options: func(context.Context) map[string]bool { return nil }}
	for _, o := range opts {
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	typ := reflect.TypeFor[T]()
	if typ.Kind() != reflect.Pointer {
		return nil, fmt.Errorf("crwebhook: %s is not a pointer to a kind", typ)
	}
	obj, ok := reflect.New(typ.Elem()).Interface().(runtime.Object)
	if !ok {
		return nil, fmt.Errorf("crwebhook: %s is not a runtime.Object", typ)
	}
	if !scheme.HasValidationFunc(obj) {
		return nil, fmt.Errorf("crwebhook: the scheme has no validation of %s: call the generated RegisterValidations (or AddToScheme) of its package with this scheme", typ)
	}
	if hasStatus(typ.Elem()) && !c.noStatus {
		// The CRD of a kind with a status has the status subresource: a
		// webhook registered for it gets every status update, which a
		// validation without /status dispatch denies with an internal error.
		for _, e := range scheme.Validate(context.Background(), nil, obj, "status") {
			if e.Type == field.ErrorTypeInternal && strings.Contains(e.Detail, "subresource") {
				return nil, fmt.Errorf("crwebhook: %s has a status, but its generated validation does not dispatch the /status subresource, so every status update sent to this webhook would be denied with an internal error; fix: add +k8s:supportsSubresource=\"/status\" to %s and regenerate, or pass crwebhook.WithoutStatus() if the webhook is not registered for %s/status", typ, typ.Elem().Name(), strings.ToLower(typ.Elem().Name()))
			}
		}
	}
	gvks, _, err := scheme.ObjectKinds(obj)
	if err != nil || len(gvks) == 0 {
		return nil, fmt.Errorf("crwebhook: %s is not a kind of the scheme: %v", typ, err)
	}
	enforced := map[string]bool{"stable": true}
	switch c.stability {
	case "alpha":
		enforced["alpha"], enforced["beta"] = true, true
	case "beta":
		enforced["beta"] = true
	}
	return &Validator[T]{scheme: scheme, options: c.options, enforced: enforced, groupKind: gvks[0].GroupKind()}, nil
}

// ValidateCreate validates obj as the API server validates a create.
func (v *Validator[T]) ValidateCreate(ctx context.Context, obj T) (admission.Warnings, error) {
	return nil, v.denial(obj, v.scheme.Validate(ctx, v.options(ctx), obj, subresources(ctx)...))
}

// ValidateUpdate validates newObj against oldObj: unchanged values are
// not validated again (ratcheting).
func (v *Validator[T]) ValidateUpdate(ctx context.Context, oldObj, newObj T) (admission.Warnings, error) {
	return nil, v.denial(newObj, v.scheme.ValidateUpdate(ctx, v.options(ctx), newObj, oldObj, subresources(ctx)...))
}

// ValidateDelete allows every delete: declarative validation has no
// rules for it.
func (v *Validator[T]) ValidateDelete(context.Context, T) (admission.Warnings, error) {
	return nil, nil
}

// Custom is the Validator as an admission.CustomValidator, for
// controller-runtime setups that take one.
func (v *Validator[T]) Custom() admission.CustomValidator { return custom[T]{v} }

type custom[T runtime.Object] struct{ v *Validator[T] }

func (c custom[T]) ValidateCreate(ctx context.Context, obj runtime.Object) (admission.Warnings, error) {
	o, err := c.as(obj)
	if err != nil {
		return nil, err
	}
	return c.v.ValidateCreate(ctx, o)
}

func (c custom[T]) ValidateUpdate(ctx context.Context, oldObj, newObj runtime.Object) (admission.Warnings, error) {
	o, err := c.as(oldObj)
	if err != nil {
		return nil, err
	}
	n, err := c.as(newObj)
	if err != nil {
		return nil, err
	}
	return c.v.ValidateUpdate(ctx, o, n)
}

func (c custom[T]) ValidateDelete(context.Context, runtime.Object) (admission.Warnings, error) {
	return nil, nil
}

func (c custom[T]) as(obj runtime.Object) (T, error) {
	o, ok := obj.(T)
	if !ok {
		var zero T
		return zero, fmt.Errorf("crwebhook: got a %T, validates %s", obj, reflect.TypeFor[T]())
	}
	return o, nil
}

// denial is nil, or the API server's Invalid error of the errors whose
// stability level is enforced.
func (v *Validator[T]) denial(obj runtime.Object, errs field.ErrorList) error {
	var kept field.ErrorList
	for _, e := range errs {
		if v.enforced[vgruntime.StabilityLevel(e)] {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	name := ""
	if m, err := meta.Accessor(obj); err == nil {
		name = m.GetName()
	}
	return apierrors.NewInvalid(v.groupKind, name, kept)
}

// subresources are the request's subresource path components ("status"
// for /status), none for the main resource or outside a webhook.
func subresources(ctx context.Context) []string {
	req, err := admission.RequestFromContext(ctx)
	if err != nil || req.SubResource == "" {
		return nil
	}
	return strings.Split(req.SubResource, "/")
}

// hasStatus reports whether a kind's struct has a status field.
func hasStatus(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	f, ok := t.FieldByName("Status")
	if !ok {
		return false
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name == "status"
}
