package explicit

import vgruntime "github.com/declval/validation-gen/runtime"

var localSchemeBuilder = vgruntime.NewRegistry()

type Widget struct {
	// +k8s:required
	Name string `json:"name"`
}
