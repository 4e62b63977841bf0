package scale

import vgruntime "github.com/declval/validation-gen/runtime"

// Validations holds this package's validations, registered when the
// package is initialised: the generated init() registers them with
// localSchemeBuilder, which a vgruntime.Registry can be. A program without
// a runtime.Scheme validates these kinds with no setup.
var Validations = vgruntime.NewRegistry()

var localSchemeBuilder = Validations
