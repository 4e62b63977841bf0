// Package v1 is written for controller-gen: types that contain
// themselves, which controller-gen describes down to where the type
// recurs and writes an empty schema there (with the referring field's own
// markers), as validation-gen does.
// +kubebuilder:object:generate=true
// +groupName=recursive.example.com
package v1
