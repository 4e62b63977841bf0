package bad

import vgruntime "github.com/declval/validation-gen/runtime"

var localSchemeBuilder = vgruntime.NewRegistry()
