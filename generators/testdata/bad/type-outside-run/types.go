package bad

import "github.com/declval/validation-gen/generators/testdata/external/ext"

type T struct {
	// +k8s:optional
	Thing *ext.Thing `json:"thing,omitempty"`
}
