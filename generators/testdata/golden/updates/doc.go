// Package updates uses the tags that compare with the old value:
// immutable, update (each constraint, on scalars, pointers, structs,
// lists and maps, and on list-map items), monotonic, and maxBytes.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package updates
