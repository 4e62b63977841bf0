package k8sapi

import (
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	// The kinds' groups, registered in the API server's scheme with their
	// defaults and conversions.
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/networking/install"
	_ "k8s.io/kubernetes/pkg/apis/resource/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
)

// Default applies the API server's defaults to a versioned object, as the
// server does to every request body before it validates it.
func Default(obj runtime.Object) { legacyscheme.Scheme.Default(obj) }

// Internal converts a versioned object into the internal type I (a pointer
// type) the API server's handwritten validation reads.
func Internal[I runtime.Object](versioned runtime.Object) (I, error) {
	var zero I
	out, ok := reflect.New(reflect.TypeFor[I]().Elem()).Interface().(I)
	if !ok {
		return zero, fmt.Errorf("%s is not a pointer to a struct", reflect.TypeFor[I]())
	}
	if err := legacyscheme.Scheme.Convert(versioned, out, nil); err != nil {
		return zero, err
	}
	return out, nil
}
