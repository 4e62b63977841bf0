// Package v1 is the probe.example.com/v1 API: kinds shaped like real
// Kubernetes APIs (a Deployment, a Service, an authorization policy) that
// combine the tags in ways the other examples do not, so that the CRDs
// generated from them can be checked against their Go validators on an API
// the generator was not written for.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
// +groupName=probe.example.com
package v1
