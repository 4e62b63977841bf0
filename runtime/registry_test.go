package runtime

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type kindA struct{ Name string }
type kindB struct{ N int }
type kindList []string

// call records what a registered function was given.
type call struct {
	op          operation.Operation
	obj, oldObj any
}

func recorder(calls *[]call, result field.ErrorList) func(context.Context, operation.Operation, any, any) field.ErrorList {
	return func(_ context.Context, op operation.Operation, obj, oldObj any) field.ErrorList {
		*calls = append(*calls, call{op, obj, oldObj})
		return result
	}
}

func TestRegistry(t *testing.T) {
	ctx := context.Background()
	r := NewRegistry()
	var calls []call
	resultA := field.ErrorList{field.Required(field.NewPath("name"), "")}
	r.AddValidationFunc((*kindA)(nil), recorder(&calls, resultA))

	a, old := &kindA{Name: "x"}, &kindA{Name: "y"}
	if !r.Has(a) || !r.Has((*kindA)(nil)) {
		t.Errorf("Has(*kindA) = false")
	}
	if r.Has(kindA{}) || r.Has(&kindB{}) || r.Has(nil) {
		t.Errorf("Has is true for a type nobody registered")
	}

	op := operation.Operation{Type: operation.Update, Options: map[string]bool{"o": true}}
	if got := r.Validate(ctx, op, a, old); !reflect.DeepEqual(got, resultA) {
		t.Errorf("Validate = %v, want %v", got, resultA)
	}
	if len(calls) != 1 || calls[0].obj != any(a) || calls[0].oldObj != any(old) || !reflect.DeepEqual(calls[0].op, op) {
		t.Errorf("Validate passed %+v", calls)
	}

	calls = nil
	r.ValidateCreate(ctx, map[string]bool{"f": false}, a)
	if len(calls) != 1 {
		t.Fatalf("ValidateCreate made %d calls", len(calls))
	}
	c := calls[0]
	if c.op.Type != operation.Create || c.oldObj != nil || c.obj != any(a) ||
		!reflect.DeepEqual(c.op.Options, map[string]bool{"f": false}) || c.op.Request.SubresourcePath() != "/" {
		t.Errorf("ValidateCreate passed op %+v obj %v old %v", c.op, c.obj, c.oldObj)
	}

	calls = nil
	r.ValidateCreate(ctx, nil, a, "status")
	if got := calls[0].op.Request.SubresourcePath(); got != "/status" {
		t.Errorf("ValidateCreate(status) subresource = %q, want /status", got)
	}

	calls = nil
	r.ValidateUpdate(ctx, nil, a, old, "x", "y")
	c = calls[0]
	if c.op.Type != operation.Update || c.obj != any(a) || c.oldObj != any(old) || c.op.Request.SubresourcePath() != "/x/y" {
		t.Errorf("ValidateUpdate passed op %+v obj %v old %v", c.op, c.obj, c.oldObj)
	}
	if c.op.Options != nil {
		t.Errorf("ValidateUpdate options = %v, want nil", c.op.Options)
	}

	// A later registration replaces the earlier one.
	var calls2 []call
	r.AddValidationFunc((*kindA)(nil), recorder(&calls2, nil))
	calls = nil
	if got := r.Validate(ctx, op, a, nil); got != nil {
		t.Errorf("replaced Validate = %v, want nil", got)
	}
	if len(calls) != 0 || len(calls2) != 1 {
		t.Errorf("replacement not used: old %d calls, new %d", len(calls), len(calls2))
	}

	// A nilable type registers as (T)(nil).
	var callsL []call
	r.AddValidationFunc((kindList)(nil), recorder(&callsL, nil))
	if !r.Has(kindList{"a"}) || r.Has([]string{"a"}) {
		t.Errorf("Has on a slice typedef is wrong")
	}
	r.ValidateCreate(ctx, nil, kindList{"a"})
	if len(callsL) != 1 {
		t.Errorf("slice typedef validation not called")
	}
}

func TestRegistryUnregistered(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		r      *Registry
		obj    any
		detail string
	}{
		{"empty registry", NewRegistry(), &kindB{}, "no validation registered for *runtime.kindB"},
		{"zero registry", &Registry{}, &kindA{}, "no validation registered for *runtime.kindA"},
		{"value not pointer", func() *Registry {
			r := NewRegistry()
			r.AddValidationFunc((*kindA)(nil), func(context.Context, operation.Operation, any, any) field.ErrorList { return nil })
			return r
		}(), kindA{}, "no validation registered for runtime.kindA"},
		{"nil object", NewRegistry(), nil, "no validation registered for <nil>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, errs := range []field.ErrorList{
				c.r.Validate(ctx, operation.Operation{Type: operation.Create}, c.obj, nil),
				c.r.ValidateCreate(ctx, nil, c.obj),
				c.r.ValidateUpdate(ctx, nil, c.obj, c.obj),
			} {
				if len(errs) != 1 {
					t.Fatalf("got %d errors, want 1: %v", len(errs), errs)
				}
				e := errs[0]
				if e.Type != field.ErrorTypeInternal || e.Field != "<nil>" || e.Detail != c.detail || e.Origin != "" || e.ShortCircuit {
					t.Errorf("error = %#v, want InternalError at <nil> with detail %q", e, c.detail)
				}
				if err, ok := e.BadValue.(error); !ok || err.Error() != c.detail {
					t.Errorf("BadValue = %#v, want an error %q", e.BadValue, c.detail)
				}
			}
		})
	}
}

// TestRegistryConcurrent registers and validates from many goroutines;
// run with -race.
func TestRegistryConcurrent(t *testing.T) {
	ctx := context.Background()
	r := &Registry{}
	r.AddValidationFunc((*kindA)(nil), func(_ context.Context, _ operation.Operation, obj, _ any) field.ErrorList {
		return field.ErrorList{field.Invalid(field.NewPath("name"), obj.(*kindA).Name, "a")}
	})
	fnB := func(_ context.Context, _ operation.Operation, obj, _ any) field.ErrorList {
		return field.ErrorList{field.Invalid(field.NewPath("n"), obj.(*kindB).N, "b")}
	}
	var wg sync.WaitGroup
	errCh := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				switch i % 4 {
				case 0:
					r.AddValidationFunc((*kindB)(nil), fnB)
				case 1:
					errs := r.ValidateCreate(ctx, nil, &kindA{Name: fmt.Sprint(g, i)})
					if len(errs) != 1 || errs[0].BadValue != fmt.Sprint(g, i) {
						errCh <- fmt.Errorf("goroutine %d: kindA errors %v", g, errs)
						return
					}
				case 2:
					errs := r.ValidateUpdate(ctx, nil, &kindB{N: i}, &kindB{})
					// Before the first registration of kindB the registry answers InternalError.
					if len(errs) != 1 || (errs[0].Type != field.ErrorTypeInternal && errs[0].BadValue != i) {
						errCh <- fmt.Errorf("goroutine %d: kindB errors %v", g, errs)
						return
					}
				case 3:
					r.Has(&kindA{})
					r.Has(&kindB{})
				}
			}
		}(g)
	}
	wg.Wait()
	close(errCh)
	for err := range errCh {
		t.Error(err)
	}
	if !r.Has(&kindB{}) {
		t.Errorf("kindB not registered after the concurrent run")
	}
}

// TestRegistryRegister: a Registry is a scheme builder too, as the
// generated init() needs; a registration error is returned by every
// Validate, since an init() has nobody to return it to.
func TestRegistryRegister(t *testing.T) {
	ctx := context.Background()
	var calls []call
	r := NewRegistry()
	r.Register(func(r *Registry) error {
		r.AddValidationFunc((*kindA)(nil), recorder(&calls, nil))
		return nil
	})
	if got := r.ValidateCreate(ctx, nil, &kindA{}); got != nil || len(calls) != 1 {
		t.Fatalf("registered validation: errs %v, %d calls", got, len(calls))
	}
	r.Register(func(*Registry) error { return errors.New("boom") })
	got := r.ValidateCreate(ctx, nil, &kindA{})
	if len(got) != 1 || got[0].Type != field.ErrorTypeInternal || !strings.Contains(got[0].Detail, "registration error: boom") || len(calls) != 1 {
		t.Errorf("after a failed registration: %v (%d calls)", got, len(calls))
	}
}
