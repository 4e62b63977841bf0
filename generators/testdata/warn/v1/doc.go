// Package v1 is written for controller-gen, with what controller-gen
// passes over in silence (each a warning of validation-gen's, golden in
// ../want.txt) and the +k8s: tags it reads itself or that validation-gen
// applies beyond it.
// +groupName=warn.example.com
package v1
