package runtime

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateFunc validates an object (and, on update, its old version) the
// way a generated RegisterValidations registers it: it dispatches on
// op.Request.SubresourcePath() itself.
type ValidateFunc func(ctx context.Context, op operation.Operation, obj, oldObj any) field.ErrorList

// Registry maps Go types to their generated validation, for programs that
// have no runtime.Scheme: webhooks, controllers, command-line tools. Its
// AddValidationFunc has the shape of runtime.Scheme's, so generated code
// registers into it unchanged; select it in doc.go with
//
//	+k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry
//
// A Registry is safe for concurrent use; the zero value is ready.
type Registry struct {
	mu    sync.RWMutex
	funcs map[reflect.Type]ValidateFunc
	// failed are the errors of Register's functions.
	failed field.ErrorList
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{} }

// AddValidationFunc registers fn for the dynamic type of srcType, usually
// a typed nil pointer such as (*MyKind)(nil). A later registration for the
// same type replaces the earlier one, as in runtime.Scheme.
func (r *Registry) AddValidationFunc(srcType any, fn func(ctx context.Context, op operation.Operation, obj, oldObj any) field.ErrorList) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.funcs == nil {
		r.funcs = map[reflect.Type]ValidateFunc{}
	}
	r.funcs[reflect.TypeOf(srcType)] = fn
}

// Register runs each registration function, such as a generated
// RegisterValidations, on r. It lets a Registry be a package's
// localSchemeBuilder, which the generated init() registers with:
//
//	var localSchemeBuilder = vgruntime.NewRegistry()
//
// A function's error is kept, and every later Validate returns it as an
// InternalError: an init() has no caller to return it to.
func (r *Registry) Register(funcs ...func(*Registry) error) {
	for _, f := range funcs {
		if err := f(r); err != nil {
			r.mu.Lock()
			r.failed = append(r.failed, field.InternalError(nil, fmt.Errorf("registration error: %w", err)))
			r.mu.Unlock()
		}
	}
}

// Has reports whether a validation is registered for obj's type.
func (r *Registry) Has(obj any) bool {
	_, ok := r.lookup(obj)
	return ok
}

func (r *Registry) lookup(obj any) (ValidateFunc, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	fn, ok := r.funcs[reflect.TypeOf(obj)]
	return fn, ok
}

// Validate runs the registered validation of obj's type. op says create or
// update, the options in effect and the subresource; oldObj is nil on
// create. An object of a type nobody registered gets an InternalError:
// unlike runtime.Scheme, a registry that is asked is expected to know.
func (r *Registry) Validate(ctx context.Context, op operation.Operation, obj, oldObj any) field.ErrorList {
	r.mu.RLock()
	failed := r.failed
	r.mu.RUnlock()
	if len(failed) > 0 {
		return append(field.ErrorList(nil), failed...)
	}
	fn, ok := r.lookup(obj)
	if !ok {
		return field.ErrorList{field.InternalError(nil, fmt.Errorf("no validation registered for %T", obj))}
	}
	return fn(ctx, op, obj, oldObj)
}

// ValidateCreate validates a new object, for the given subresource path
// elements ("status" for /status; none for the root).
func (r *Registry) ValidateCreate(ctx context.Context, options map[string]bool, obj any, subresources ...string) field.ErrorList {
	return r.Validate(ctx, operation.Operation{Type: operation.Create, Options: options, Request: operation.Request{Subresources: subresources}}, obj, nil)
}

// ValidateUpdate validates an update of oldObj to obj.
func (r *Registry) ValidateUpdate(ctx context.Context, options map[string]bool, obj, oldObj any, subresources ...string) field.ErrorList {
	return r.Validate(ctx, operation.Operation{Type: operation.Update, Options: options, Request: operation.Request{Subresources: subresources}}, obj, oldObj)
}
