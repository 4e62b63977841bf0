package bad

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Thing is a kind, so the package registers it by default; it declares no
// localSchemeBuilder for the generated init() to register with.
type Thing struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:minimum=1
	N int32 `json:"n"`
}

func (in *Thing) DeepCopyObject() runtime.Object { out := *in; return &out }
