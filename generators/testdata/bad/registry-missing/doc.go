// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=example.com/nope/pkg.Registry
package bad
