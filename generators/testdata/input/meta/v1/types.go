// Package v1 plays apimachinery's meta/v1: a package named v1 whose types
// carry tags, reached from another package named v1.
package v1

type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

type ObjectMeta struct {
	// +k8s:optional
	// +k8s:minimum=0
	Generation int64 `json:"generation,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	Conditions []Condition `json:"conditions,omitempty"`
}

type Condition struct {
	// +k8s:required
	// +k8s:customValidation
	LastTransitionTime string `json:"lastTransitionTime"`
}
