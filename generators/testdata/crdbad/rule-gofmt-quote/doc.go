// Package v1 is written for controller-gen.
// +groupName=bad.example.com
package v1
