// Package testtags uses the test tags of Kubernetes' generator at every
// scope: validateFalse (bare, ShortCircuit, ShortCircuit with NonError,
// in cohorts, behind alpha and beta), validateTrue with typeArg, and
// validateTrueAlpha and validateTrueBeta.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package testtags
