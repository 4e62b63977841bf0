package issubresource

import vgruntime "github.com/declval/validation-gen/runtime"

// localSchemeBuilder is what the generated init() registers with.
var localSchemeBuilder = vgruntime.NewRegistry()
