// Package v1 carries every controller-gen marker of validation-gen's
// registry (markers.CGDefs) that generates a check, each on a field whose
// valid value exercises it, so that alloc_test.go can require that
// validating a valid object allocates nothing, on create and on update,
// whatever the marker. It is written for controller-gen: no +k8s:
// package tag; validation-gen reads it as controller-gen does and writes
// its CRD (config/crd) and Go validators.
// +kubebuilder:object:generate=true
// +groupName=cgalloc.example.com
package v1
