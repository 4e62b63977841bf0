package bad

import "k8s.io/apimachinery/pkg/runtime"

// localSchemeBuilder takes functions of a runtime.Scheme, not of the
// registry named in doc.go.
var localSchemeBuilder = &runtime.SchemeBuilder{}

type Thing struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}
