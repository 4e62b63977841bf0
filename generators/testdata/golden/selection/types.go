package selection

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Kind is selected by TypesWithField=TypeMeta.
type Kind struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:minimum=1
	N int `json:"n"`
}

// KindList embeds ListMeta: never selected.
type KindList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Kind `json:"items"`
}

// WidgetSpec is selected by TypesWithSuffix=Spec.
type WidgetSpec struct {
	// +k8s:minimum=2
	M int `json:"m"`
}

// OtherSpec opts out.
// +k8s:validation-gen=false
type OtherSpec struct {
	// +k8s:minimum=3
	O int `json:"o"`
}

// Extra opts in.
// +k8s:validation-gen=true
type Extra struct {
	// +k8s:minimum=4
	P int `json:"p"`
}
