package validationtest

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/runtime/celrules"
)

// CompiledCEL is the signature of the CEL rules of a type compiled to Go
// (celAt_<Type> in generated code).
type CompiledCEL[T any] func(op operation.Operation, p *vgruntime.Path, obj, oldObj *T) field.ErrorList

// CELAgree checks that a type's CEL rules compiled to Go give what the API
// server's CEL validator (oracle, on the schema the rules were compiled
// from) gives, error for error (type, field, value and detail), on random
// values on create and update, at the root of an object and below a list
// item (where the CRD defaults the type's fields). The validator's errors
// come in map order; both lists are compared sorted.
func CELAgree[T any](t *testing.T, cfg Config, oracle *celrules.Rules, compiled CompiledCEL[T]) {
	t.Helper()
	cfg.Compare = exactErrors
	for _, inItem := range []bool{false, true} {
		var root vgruntime.Path
		p := root.Child("x")
		if inItem {
			l := root.Child("l")
			p = l.Index(1)
		}
		fp := p.Field()
		server := func(ctx context.Context, op operation.Operation, obj, old *T) field.ErrorList {
			encodable(obj)
			encodable(old)
			return celrules.ValidateIn(ctx, oracle, op, fp, inItem, obj, old)
		}
		ours := func(_ context.Context, op operation.Operation, obj, old *T) field.ErrorList {
			encodable(obj)
			encodable(old)
			return compiled(op, &p, obj, old)
		}
		rep := Run(cfg, server, ours)
		t.Logf("below a list item %v: %s", inItem, rep)
		if rep.Disagreeing > 0 {
			t.Errorf("below a list item %v: the compiled rules and the API server's CEL validator disagree on %d of %d validations; the first %d, shrunk (handwritten = the server):\n%s",
				inItem, rep.Disagreeing, rep.Validations, len(rep.Disagreements), rep.shrunk())
		}
	}
}

// encodable zeroes, in place, the values of v that encode themselves to
// something that is not JSON (random bytes in a metav1.FieldsV1): no
// client can send them, and the server's validator cannot read them.
func encodable[T any](v *T) {
	if v != nil {
		zeroUnencodable(reflect.ValueOf(v).Elem(), 0)
	}
}

func zeroUnencodable(v reflect.Value, depth int) {
	if depth > 20 || !v.IsValid() {
		return
	}
	if v.CanAddr() {
		if m, ok := v.Addr().Interface().(json.Marshaler); ok && v.Kind() == reflect.Struct {
			if b, err := m.MarshalJSON(); err != nil || !json.Valid(b) {
				v.SetZero()
			}
			return
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		zeroUnencodable(v.Elem(), depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				zeroUnencodable(v.Field(i), depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			zeroUnencodable(v.Index(i), depth+1)
		}
	}
}

// exactErrors returns the errors of either list the other lacks, every
// field of an error compared.
func exactErrors(server, compiled field.ErrorList) []vgruntime.Mismatch {
	key := func(e *field.Error) string {
		return fmt.Sprintf("%s|%s|%s|%T:%#v", e.Type, e.Field, e.Detail, e.BadValue, e.BadValue)
	}
	count := map[string]int{}
	for _, e := range server {
		count[key(e)]++
	}
	for _, e := range compiled {
		count[key(e)]--
	}
	var out []vgruntime.Mismatch
	for _, e := range server {
		if count[key(e)] > 0 {
			count[key(e)]--
			out = append(out, vgruntime.Mismatch{Kind: vgruntime.MissingInDeclarative, Error: e})
		}
	}
	for _, e := range compiled {
		if count[key(e)] < 0 {
			count[key(e)]++
			out = append(out, vgruntime.Mismatch{Kind: vgruntime.ExtraInDeclarative, Error: e})
		}
	}
	slices.SortFunc(out, func(a, b vgruntime.Mismatch) int { return strings.Compare(key(a.Error), key(b.Error)) })
	return out
}
