// Package generatedbuilder declares localSchemeBuilder in the file
// register-gen writes, which generators leave out of loading by its build
// tag: it is found there, and its type is not checked.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
package generatedbuilder
