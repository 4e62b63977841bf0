// Package siblings is written for controller-gen: a type that contains
// itself reached from two fields of one struct, whose CRD controller-gen
// writes in two ways, by the order Go's map iteration gives the fields;
// validation-gen takes them in their order in the struct.
// +kubebuilder:object:generate=true
// +groupName=siblings.example.com
package siblings

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gate is a kind.
// +kubebuilder:object:root=true
type Gate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GateSpec `json:"spec,omitempty"`
}

// GateSpec is a Gate's.
type GateSpec struct {
	// First is a route, described first.
	First *Route `json:"first,omitempty"`
	// Second is a route below a route.
	Second *SubRoute `json:"second,omitempty"`
}

// Route is a route with child routes.
type Route struct {
	Receiver string      `json:"receiver,omitempty"`
	Routes   []*SubRoute `json:"routes,omitempty"`
}

// SubRoute is a route below a route.
type SubRoute Route
