// Package v1 is written for controller-gen.
// +groupName=kb.example.com
package v1
