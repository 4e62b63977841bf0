package registry

import "k8s.io/apimachinery/pkg/runtime"

var (
	// SchemeBuilder is as in k8s.io/api: the generated init() registers
	// RegisterValidations with localSchemeBuilder.
	SchemeBuilder      = runtime.NewSchemeBuilder()
	localSchemeBuilder = &SchemeBuilder
	AddToScheme        = localSchemeBuilder.AddToScheme
)
