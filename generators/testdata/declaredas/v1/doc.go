// Package v1 is written for controller-gen; its kind's fields are of
// types ../conds declares as other named types.
// +groupName=declaredas.example.com
package v1
