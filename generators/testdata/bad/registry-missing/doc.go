// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=example.com/nope/pkg.Registry
// +k8s:validation-gen-nolint
package bad
