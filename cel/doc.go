// Package cel compiles, type-checks and costs the CEL rules of a model
// (+k8s:rule and +kubebuilder:validation:XValidation) with the API
// server's own CEL environment, each against the schema of the type it
// belongs to (crd.RuleSchema), before either backend writes anything: a
// rule that passes here compiles in a cluster, within the server's cost
// limits, and the Go validator, which evaluates rules with the server's
// CEL validator (runtime/celrules) on that same schema, never meets one
// that does not compile.
package cel
