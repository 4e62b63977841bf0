package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package's kinds.
var GroupVersion = schema.GroupVersion{Group: "cgalloc.example.com", Version: "v1"}

var (
	// SchemeBuilder adds the kinds to a scheme.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)
	// AddToScheme adds the kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion, &Numbers{}, &Strings{}, &Durations{}, &Collections{}, &Presence{}, &Objects{}, &Embedded{}, &StructMaps{}, &Rules{}, &Bundles{})
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
