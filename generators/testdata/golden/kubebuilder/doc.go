// Package kubebuilder is written for controller-gen: the shapes a probe of
// cluster-api found the Go backend wrong on.
// +groupName=golden.example.com
package kubebuilder
