package defaultregistry

import "k8s.io/apimachinery/pkg/runtime"

// As in k8s.io/api's register.go.
var (
	SchemeBuilder      = runtime.NewSchemeBuilder()
	localSchemeBuilder = &SchemeBuilder
	AddToScheme        = localSchemeBuilder.AddToScheme
)
