// Package unreached selects only its kind; Extra, which no selected type
// reaches, has tags of its own, so it gets validation functions too
// rather than tags nobody checks. Opted stays out: it opts out.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package unreached
