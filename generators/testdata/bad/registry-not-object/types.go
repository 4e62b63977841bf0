package bad

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Thing has no DeepCopyObject (deepcopy-gen has not run): registered with
// a runtime.Scheme, the generated file would not compile.
type Thing struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:minimum=1
	N int32 `json:"n"`
}

var localSchemeBuilder = &runtime.SchemeBuilder{}
