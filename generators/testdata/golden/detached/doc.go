// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil

// Package detached reads the marker block above a type's doc comment, and
// the tags of a type declared in doc.go as that type's own.
// +k8s:validation-gen-nolint
package detached

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:rule(rule: "self.n > 0", message: "n must be positive")

// Widget is declared in doc.go; its tags are its own.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	N               int32 `json:"n"`
	// +k8s:maxLength=3
	S string `json:"s"`
}
