//go:build generated

package k8sapi

// The generated validators, by `go run ./cmd/gen` into internal/generated
// (not committed). Build with -tags generated; hack/bench.sh does both.

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	ourapps "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/appsv1"
	ourbatch "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/batchv1"
	ourcore "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/corev1"
	ournetworking "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/networkingv1"
	ourresource "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/resourcev1"
	ourstorage "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/storagev1"
	refapps "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/appsv1"
	refbatch "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/batchv1"
	refcore "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/corev1"
	refnetworking "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/networkingv1"
	refresource "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/resourcev1"
	refstorage "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ref/storagev1"
	vgruntime "github.com/declval/validation-gen/runtime"
)

func init() {
	generated("Pod", ourcore.Validate_Pod, refcore.Validate_Pod)
	generated("Deployment", ourapps.Validate_Deployment, refapps.Validate_Deployment)
	generated("StatefulSet", ourapps.Validate_StatefulSet, refapps.Validate_StatefulSet)
	generated("Job", ourbatch.Validate_Job, refbatch.Validate_Job)
	generated("Service", ourcore.Validate_Service, refcore.Validate_Service)
	generated("ResourceClaim", ourresource.Validate_ResourceClaim, refresource.Validate_ResourceClaim)
	generated("DeviceClass", ourresource.Validate_DeviceClass, refresource.Validate_DeviceClass)
	generated("StorageClass", ourstorage.Validate_StorageClass, refstorage.Validate_StorageClass)
	generated("NetworkPolicy", ournetworking.Validate_NetworkPolicy, refnetworking.Validate_NetworkPolicy)
}

type validateFunc[T any] func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList

// generated adds both generators' Validate_<Kind>, called as their callers
// call them (a nil field path: the object is the root), on the k8s.io/api
// object itself.
func generated[T any](kind string, ours, ref validateFunc[T]) {
	for _, g := range []struct {
		name string
		f    validateFunc[T]
	}{{"ours", ours}, {"reference", ref}} {
		addImplementation(kind, implementation{name: g.name, prepare: func(tb testing.TB, c benchCase) validation {
			obj := any(c.obj).(*T)
			old, _ := any(c.old).(*T) // nil on create
			ctx, op, f := context.Background(), c.op, g.f
			return func() field.ErrorList { return f(ctx, op, nil, obj, old) }
		}})
	}
}

var sink int

func BenchmarkKubernetesAPI(b *testing.B) {
	for _, k := range objects {
		for _, c := range cases(k) {
			for _, impl := range implementations[k.name] {
				b.Run(fmt.Sprintf("kind=%s/case=%s/impl=%s", k.name, c.name, impl.name), func(b *testing.B) {
					v := prepareChecked(b, k.name, impl, c)
					b.ReportAllocs()
					for b.Loop() {
						sink = len(v())
					}
				})
			}
		}
	}
}

// TestGeneratorsAgree: on the benchmarks' objects both generators' output
// reports the same errors (Type, Field, Origin, stability level), as the
// parity test (test/k8sapi) requires on random objects.
func TestGeneratorsAgree(t *testing.T) {
	key := func(errs field.ErrorList) []string {
		out := make([]string, len(errs))
		for i, e := range errs {
			out[i] = fmt.Sprintf("%s %s %q %s", e.Type, e.Field, e.Origin, vgruntime.StabilityLevel(e))
		}
		sort.Strings(out)
		return out
	}
	for _, k := range objects {
		for _, c := range cases(k) {
			var got [][]string
			for _, impl := range implementations[k.name] {
				if impl.name == "ours" || impl.name == "reference" {
					got = append(got, key(impl.prepare(t, c)()))
				}
			}
			if len(got) != 2 {
				t.Fatalf("%s: %d generated implementations, want 2", k.name, len(got))
			}
			if fmt.Sprint(got[0]) != fmt.Sprint(got[1]) {
				t.Errorf("%s %s: validation-gen reports %v, Kubernetes' generator %v", k.name, c.name, got[0], got[1])
			}
		}
	}
}

// TestOursAllocatesNothingOnValidObjects: validation-gen's validators of
// k8s.io/api's kinds allocate nothing on a valid object, on create and on
// update.
func TestOursAllocatesNothingOnValidObjects(t *testing.T) {
	for _, k := range objects {
		for _, c := range cases(k) {
			if !c.valid {
				continue
			}
			for _, impl := range implementations[k.name] {
				if impl.name != "ours" {
					continue
				}
				v := prepareChecked(t, k.name, impl, c)
				if a := testing.AllocsPerRun(50, func() { v() }); a != 0 {
					t.Errorf("%s %s: %v allocations, want 0", k.name, c.name, a)
				}
			}
		}
	}
}
