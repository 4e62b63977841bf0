package conds

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Reference is declared as a type of a package imported under its own
// name (v1).
type Reference v1.OwnerReference
