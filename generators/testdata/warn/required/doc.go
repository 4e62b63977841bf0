// Package required holds +k8s:required on fields of every kind of type,
// which controller-gen (v0.23) bounds by what it knows of the type when
// it applies the tag: a string or list of the field's own package may not
// be empty (minLength, minItems), a type of another package (a reference)
// gets minProperties. Its CRD must be controller-gen's exactly
// (test/kubebuilder's TestControllerGenOracle).
// +groupName=required.example.com
package required
