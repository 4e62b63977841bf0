package a

import "github.com/declval/validation-gen/generators/testdata/golden/crosspkg/b"

type Holder struct {
	// +k8s:required
	Ref *b.Ref `json:"ref"`
	// +k8s:optional
	Refs []b.Ref `json:"refs,omitempty"`
	Name b.Name  `json:"name"`
}
