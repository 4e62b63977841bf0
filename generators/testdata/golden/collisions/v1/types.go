package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/declval/validation-gen/generators/testdata/golden/collisions/op"
)

type field struct{}

type operation int

func equal_Spec() bool { return field{} == field{} && operation(0) == 0 }

var listKey1 = 1

type Spec struct {
	// +k8s:required
	When *metav1.Time `json:"when"`

	// +k8s:listType=map
	// +k8s:listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	Items []Item `json:"items,omitempty"`

	Thing *op.Thing `json:"thing,omitempty"`
}

type Item struct {
	Name string `json:"name"`
	// +k8s:minimum=0
	Count int32 `json:"count"`
}
