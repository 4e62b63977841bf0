// Package limits uses the bounds of integers, strings and lists: minimum,
// maximum, minLength, maxLength, minItems and maxItems, on fields, types,
// list items and map keys and values.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package limits
