package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SchemeGroupVersion is the group and version of this package's kinds.
var SchemeGroupVersion = schema.GroupVersion{Group: "widgets.example.com", Version: "v1"}

var (
	// SchemeBuilder adds this package's kinds to a scheme, and their
	// validations: the generated file registers RegisterValidations with
	// localSchemeBuilder in its init(), as in k8s.io/api.
	SchemeBuilder      = runtime.NewSchemeBuilder(addKnownTypes)
	localSchemeBuilder = &SchemeBuilder
	// AddToScheme adds the kinds and their validations to a scheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion, &Widget{}, &WidgetScale{})
	metav1.AddToGroupVersion(scheme, SchemeGroupVersion)
	return nil
}
