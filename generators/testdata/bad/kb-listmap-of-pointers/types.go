package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

// ThingSpec is its spec.
type ThingSpec struct {
	// Ports are keyed by name.
	// +listType=map
	// +listMapKey=name
	Ports []*Port `json:"ports"`
}

// Port is named.
type Port struct {
	Name string `json:"name"`
}
