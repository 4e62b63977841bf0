// Package kubebuilder reads APIs written for controller-gen (the
// kubebuilder dialect) as controller-gen reads them, so that a
// kubebuilder project switches unchanged: a package dialect.Of reads as
// controller-gen does (+groupName, no +k8s:validation-gen package tag) is
// in this dialect, with the +k8s: tags controller-gen reads (the dialect
// package's table says what the others do). Its markers (+kubebuilder:validation:,
// +optional, +listType, +kubebuilder:default, ...) keep their JSON
// meaning, which is the schema's: a rule holds for a value present in the
// object's JSON, and a field is required when its JSON may not leave it
// out. The package builds, for each kind, the OpenAPI schema controller-gen
// would write (descriptions, required lists, types of other packages
// described in full with their own markers), which is the model of this
// dialect: the CRD backend writes it as it is, and the Go backend checks
// its keywords on the Go object's JSON form, so both enforce one thing.
//
// docs/crd-design.md ("controller-gen's dialect") records the choices.
package kubebuilder
