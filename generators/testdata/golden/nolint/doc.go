// Package nolint turns off the Kubernetes generator's API-style lint as
// k8s.io/api writes it: for the package, with a # comment after the tag,
// and for one type, with a // note after the tag (lifecycle/v1alpha1).
// validation-gen has no such lint; the tags are accepted and recorded.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint # the API is alpha
package nolint
