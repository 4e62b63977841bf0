package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package's kinds.
var GroupVersion = schema.GroupVersion{Group: "kubebuilder.example.com", Version: "v1"}

var (
	// SchemeBuilder adds the kinds to a scheme; RegisterValidations (the
	// generated file) adds their validation, as a kubebuilder project's
	// main calls it next to AddToScheme.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)
	// AddToScheme adds the kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion, &CronTab{}, &CronTabList{})
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
