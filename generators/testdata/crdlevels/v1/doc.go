// Package v1 holds one kind with rules of each stability level, to show
// which of them --crd-stability writes into the CRD.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=levels.example.com
// +k8s:validation-gen-nolint
package v1
