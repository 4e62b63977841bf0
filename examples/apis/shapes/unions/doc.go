// Package unions covers unionMember, unionDiscriminator, zeroOrOneOfMember
// and item, on struct fields and on list-map items.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
package unions
