// Package op is named like the op parameter of every validation function.
//
// +k8s:validation-gen=*
package op
