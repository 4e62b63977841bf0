package app

import (
	"github.com/declval/validation-gen/generators/testdata/readonly/lib"
	"github.com/declval/validation-gen/generators/testdata/readonly/libgen"
)

type App struct {
	// +k8s:optional
	Things []lib.Thing `json:"things,omitempty"`
	// +k8s:optional
	Gadget *libgen.Gadget `json:"gadget,omitempty"`
	// +k8s:optional
	Plain *lib.Unvalidated `json:"plain,omitempty"`
	// +k8s:minimum=0
	Own int `json:"own"`
}
