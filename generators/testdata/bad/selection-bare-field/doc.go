// Package bad selects its types with a bare field name, which the
// Kubernetes generator does not read.
//
// +k8s:validation-gen=TypeMeta
package bad
