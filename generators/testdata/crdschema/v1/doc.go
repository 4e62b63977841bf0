// Package v1 holds one kind whose fields cover the Go-to-schema mapping
// of CRD output: integer formats, []byte, maps, pointers, JSON names,
// omitempty/omitzero, inline and "-", and apimachinery's types.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=shapes.example.com
// +k8s:validation-gen-nolint
package v1
