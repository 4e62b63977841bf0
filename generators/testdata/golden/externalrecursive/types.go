package externalrecursive

import "k8s.io/apimachinery/pkg/util/validation/field"

type T struct {
	Where *field.Path `json:"where,omitempty"`
	// +k8s:minimum=1
	N int32 `json:"n"`
}
