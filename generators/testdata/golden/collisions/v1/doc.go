// Package v1 declares names that the generated file would otherwise take
// or hide: its own field and operation types, an equal_ function and a
// listKey1 variable; its first validated field is a *metav1.Time, which
// the generated code holds in a local named v1 (also metav1's import
// name); and it uses a package named op, like the op parameter.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package v1
