// Package bad selects its types with a bare field name, which the
// Kubernetes generator does not read.
//
// +k8s:validation-gen=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package bad
