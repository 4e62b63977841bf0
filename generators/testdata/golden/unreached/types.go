package unreached

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Kind struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:maxLength=8
	Name string `json:"name"`
}

type Extra struct {
	// +k8s:minimum=1
	Count int32 `json:"count"`
}

// +k8s:validation-gen=false
type Opted struct {
	// +k8s:minimum=1
	Count int32 `json:"count"`
}
