// Package golang is the Go backend: it writes the zz_generated.validations.go
// file of one package of the model with jennifer (Validate_<Type>,
// ValidateAt_<Type> with a lazy path, RegisterValidations, typed update
// equality, list-map keys, union descriptions).
//
// It reads the model only. Each rule becomes straight-line checks in the
// function of the type or field it is on (checks.go); values inside lists
// and maps are reached by loops that correlate new and old items
// (values.go, lists.go); CEL rules are evaluated by runtime/celrules on the
// schema package crd builds for them (cel.go).
package golang
