// Package v1 plays a package of k8s.io/api: types whose validation is
// generated elsewhere, except for one type it generates into itself (as
// k8s.io/api/resource/v1 does), and controller-gen markers that describe
// its published OpenAPI schema, not its validation.
//
// +k8s:validation-gen=TypesWithSuffix=Attribute
// +k8s:validation-gen-input=github.com/declval/validation-gen/generators/testdata/input/api/v1
// +k8s:validation-gen-scheme-registry=nil
package v1
